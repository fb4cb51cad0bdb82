import type { SigningView } from '@pactum/core/signing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEvents } from '../../db/schema';
import { recordStatements, statementsOn } from '../../db/statement-log';
import { appendEvent } from '../../documents/audit-chain';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspaceWith } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { createDealInSigning, signerInput } from '../../test/signing-factories';
import { CHAIN_CHECK_JOB, chainCheckJob, VIEW_HASH_LIMIT } from './chain-check';
import { findChainCheck } from './chain-check-queries';
import { getSigningView } from './signing-view';

/*
 * The deal's stored chain check: an appended event queues one `signing.check-chain` job per
 * burst, the job stores the verdict, and the signing view hashes only the events after it.
 * No worker runs here: each test runs the job itself, as a worker would, so what is queued
 * when stays exact.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [sender, receiver, stranger, otherWorkspaceUser] = await Promise.all([
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
  ]);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);

/** The check jobs queued for the deal, run or not. */
async function checkJobsOf(dealId: string): Promise<number> {
  const result = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = ${CHAIN_CHECK_JOB} AND data->>'dealId' = ${dealId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** What a worker does with the deal's queued check. */
async function runCheck(dealId: string): Promise<void> {
  await chainCheckJob(t.platform).handle({ dealId }, { jobId: 'test', retryCount: 0 });
}

async function eventsOf(dealId: string) {
  return t.database.db
    .select()
    .from(documentEvents)
    .where(and(eq(documentEvents.collection, 'deals'), eq(documentEvents.documentId, dealId)))
    .orderBy(documentEvents.seq);
}

async function isChainValidFor(user: TestUser, dealId: string): Promise<boolean> {
  const view = await api('GET', `/deals/${dealId}/signing`, user);
  expect(view.statusCode).toBe(200);
  return (view.json() as SigningView).isAuditChainValid;
}

/** A deal in signing: start signing and the receiver's signer setup, two events. */
function dealInSigning() {
  return createDealInSigning(t, { sender, receiver }, ['+358402222221', '+358402222222']);
}

/** Changes an event's content in the database, around the application. */
async function tamper(eventId: string): Promise<void> {
  await t.database.db
    .update(documentEvents)
    .set({ data: { tampered: true } })
    .where(eq(documentEvents.id, eventId));
}

/** Events appended without the platform (as other areas still do): they queue no check. */
async function appendUnqueued(dealId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await appendEvent(t.database.db, {
      collection: 'deals',
      documentId: dealId,
      event: 'document-open',
      userId: sender.id,
    });
  }
}

/** The receiver names their signer again: a 'change-signer' event, as a user would add one. */
async function changeReceiverSigner(dealId: string): Promise<void> {
  const changed = await api('PUT', `/deals/${dealId}/signers`, receiver, {
    signers: [signerInput(receiver, 'receiver', '+358402222223')],
  });
  expect(changed.statusCode).toBe(200);
}

describe('the stored chain check of a deal', () => {
  it('is queued once for a burst of events and stores the verdict of the whole chain', async () => {
    const deal = await dealInSigning();
    // Two events, each appended in its own transaction: one check is queued for both.
    expect(await checkJobsOf(deal.id)).toBe(1);
    expect(await findChainCheck(t.database.db, deal.id)).toMatchObject({
      isValid: null,
      checkedAt: null,
      queuedAt: expect.any(Date),
    });

    await runCheck(deal.id);
    const events = await eventsOf(deal.id);
    const stored = await findChainCheck(t.database.db, deal.id);
    expect(stored).toMatchObject({
      isValid: true,
      count: events.length,
      verifiedSeq: events.length,
      headHash: events.at(-1)?.hash,
      brokenSeq: null,
      checkedAt: expect.any(Date),
      queuedAt: null,
    });
    // Run again (a retry after a crash), it stores the same.
    await runCheck(deal.id);
    expect(await findChainCheck(t.database.db, deal.id)).toMatchObject({
      ...stored,
      checkedAt: expect.any(Date),
    });

    // Once the queued check has started, the next event queues another.
    await changeReceiverSigner(deal.id);
    expect(await checkJobsOf(deal.id)).toBe(2);
  });

  it('spares the view from hashing the events it covers; a change to one is found by the next check', async () => {
    const deal = await dealInSigning();
    await runCheck(deal.id);

    // The view reads the stored check...
    const { result, statements } = await recordStatements(() =>
      getSigningView(t.platform, { dealId: deal.id, user: sender }),
    );
    expect(result.isAuditChainValid).toBe(true);
    expect(statementsOn(statements, 'audit_chain_verdict')).toHaveLength(1);
    expect(statementsOn(statements, 'document_event')).toHaveLength(1);

    // ...and does not hash the events it covers again: an old event changed in the database,
    // with no event since, is not found by the view...
    const [first] = await eventsOf(deal.id);
    if (!first) throw new Error('no event');
    await tamper(first.id);
    expect(await isChainValidFor(sender, deal.id)).toBe(true);

    // ...but by the check the deal's next event queues.
    await changeReceiverSigner(deal.id);
    await runCheck(deal.id);
    expect(await findChainCheck(t.database.db, deal.id)).toMatchObject({
      isValid: false,
      brokenSeq: 1,
      brokenReason: 'hash-mismatch',
    });
    expect(await isChainValidFor(sender, deal.id)).toBe(false);
    expect(await isChainValidFor(receiver, deal.id)).toBe(false);
  });

  it('hashes the events appended since the stored check in the view', async () => {
    const deal = await dealInSigning();
    await runCheck(deal.id);
    // A new event, its check queued but not run yet: the view checks it itself.
    await changeReceiverSigner(deal.id);
    expect(await isChainValidFor(sender, deal.id)).toBe(true);
    const last = (await eventsOf(deal.id)).at(-1);
    if (!last) throw new Error('no event');
    await tamper(last.id);
    expect(await isChainValidFor(sender, deal.id)).toBe(false);

    // Events cut from the end of what was verified: no hashing needed to see it.
    const cut = await dealInSigning();
    await runCheck(cut.id);
    const cutLast = (await eventsOf(cut.id)).at(-1);
    await t.database.db.delete(documentEvents).where(eq(documentEvents.id, cutLast?.id ?? ''));
    expect(await isChainValidFor(sender, cut.id)).toBe(false);
  });

  it('is queued by the view of a deal with many events no check covers', async () => {
    const deal = await dealInSigning();
    await appendUnqueued(deal.id, VIEW_HASH_LIMIT + 1);
    await runCheck(deal.id);
    expect(await checkJobsOf(deal.id)).toBe(1);
    await appendUnqueued(deal.id, VIEW_HASH_LIMIT + 1);
    expect(await checkJobsOf(deal.id)).toBe(1);
    // The view checks them all itself, and queues the stored check to catch up (once).
    expect(await isChainValidFor(sender, deal.id)).toBe(true);
    expect(await isChainValidFor(receiver, deal.id)).toBe(true);
    expect(await checkJobsOf(deal.id)).toBe(2);
    await runCheck(deal.id);
    expect(await findChainCheck(t.database.db, deal.id)).toMatchObject({
      isValid: true,
      verifiedSeq: (await eventsOf(deal.id)).length,
    });
  });

  it('shows no view to anyone outside the deal', async () => {
    const deal = await dealInSigning();
    await runCheck(deal.id);
    for (const user of [stranger, otherWorkspaceUser]) {
      expect((await api('GET', `/deals/${deal.id}/signing`, user)).statusCode).toBe(404);
    }
    expect(await checkJobsOf(deal.id)).toBe(1);
  });
});

import type { SigningView } from '@pactum/core/signing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEvents } from '../../db/schema';
import { recordStatements, statementsOn } from '../../db/statement-log';
import { appendEvent } from '../../documents/audit-chain';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { apiAs } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { createDealInSigning, signerInput } from '../../test/signing-factories';
import { findChainCheck } from './chain-check-queries';
import { getSigningView } from './signing-view';

/*
 * The signing view is asked for on every change of a deal in signing, by everyone on it: it
 * reads the deal, its sections and its audit trail once each, still checks the whole chain
 * (hashing only the events the deal's stored check does not cover) and shows each party only
 * the events it may see.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [sender, receiver, stranger] = await Promise.all([
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);

/** A deal in signing with one signer per party, and an event only the sender's party sees. */
async function dealInSigning() {
  const deal = await createDealInSigning(t, { sender, receiver }, [
    '+358401111111',
    '+358401111112',
  ]);
  const senderOnly = await appendEvent(t.database.db, {
    collection: 'deals',
    documentId: deal.id,
    event: 'document-open',
    party: 'sender',
    userId: sender.id,
  });
  return { deal, senderOnlyEventId: senderOnly.id };
}

/**
 * The view as the route answers it, with the statements it sent. The service is called
 * directly: a request injected into the app does not run in the recording's async context.
 */
async function viewAs(user: TestUser, dealId: string) {
  const { result, statements } = await recordStatements(() =>
    getSigningView(t.platform, { dealId, user }),
  );
  // Through the route's response schema, as the browser gets it.
  const answered = await api('GET', `/deals/${dealId}/signing`, user);
  expect(answered.statusCode).toBe(200);
  expect(answered.json()).toEqual(JSON.parse(JSON.stringify(result)));
  return { view: answered.json() as SigningView, statements };
}

/**
 * Waits until the deal's stored chain check, run by the worker, has read every event the deal
 * has now.
 */
async function settledChainCheck(dealId: string) {
  const events = await t.database.db
    .select({ id: documentEvents.id })
    .from(documentEvents)
    .where(eq(documentEvents.documentId, dealId));
  return eventually(async () => {
    const stored = await findChainCheck(t.database.db, dealId);
    return stored?.checkedAt && stored.queuedAt === null && stored.count === events.length
      ? stored
      : undefined;
  });
}

describe('the signing view', () => {
  it('reads the deal, its sections and its events once each', async () => {
    const { deal, senderOnlyEventId } = await dealInSigning();

    const { view, statements } = await viewAs(sender, deal.id);
    expect(statementsOn(statements, 'deal')).toHaveLength(1);
    expect(statementsOn(statements, 'deal_section')).toHaveLength(1);
    expect(statementsOn(statements, 'document_event')).toHaveLength(1);

    // The answer is whole: the numbered text, both signers, the trail and its chain check.
    expect(view.state).toBe('in-signing');
    expect(view.document.sections.map((section) => [section.number, section.title])).toEqual([
      ['1', 'Scope'],
      ['2', 'Payment'],
      ['3', 'Term'],
    ]);
    expect(view.signers).toHaveLength(2);
    expect(view.events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['signign-start', 'signer-setup', 'document-open']),
    );
    expect(view.events.find((event) => event.id === senderOnlyEventId)?.by).toBe(sender.name);
    expect(view.isAuditChainValid).toBe(true);

    // The other party's trail leaves out the sender's own event; its chain is checked whole.
    const other = await viewAs(receiver, deal.id);
    expect(statementsOn(other.statements, 'document_event')).toHaveLength(1);
    expect(other.view.events.map((event) => event.id)).toEqual(
      view.events.filter((event) => event.id !== senderOnlyEventId).map((event) => event.id),
    );
    expect(other.view.isAuditChainValid).toBe(true);

    // Someone with no part in the deal still finds nothing.
    expect((await api('GET', `/deals/${deal.id}/signing`, stranger)).statusCode).toBe(404);
  });

  it('still finds an event changed after it was written', async () => {
    const { deal } = await dealInSigning();
    const [first] = await t.database.db
      .select({ id: documentEvents.id })
      .from(documentEvents)
      .where(sql`${documentEvents.documentId} = ${deal.id} and ${documentEvents.seq} = 1`);
    if (!first) throw new Error('no event');
    await t.database.db
      .update(documentEvents)
      .set({ data: { tampered: true } })
      .where(eq(documentEvents.id, first.id));

    // The view does not hash again the events a stored check covers: the change is found by
    // the check the deal's next event queues (here a change of signers), run by the worker.
    const changed = await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerInput(receiver, 'receiver', '+358401111113')],
    });
    expect(changed.statusCode).toBe(200);
    expect(await settledChainCheck(deal.id)).toMatchObject({ isValid: false, brokenSeq: 1 });
    const { view } = await viewAs(sender, deal.id);
    expect(view.isAuditChainValid).toBe(false);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealInvites, deals } from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { callApi, sendNewDraft } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import type { OutboxMessage } from '../../test/outbox';
import { sendDraftJob } from './job';

let t: TestApp;
let sender: TestUser;

beforeAll(async () => {
  // No workers yet: the invites are added and removed while their mails wait in the queue.
  t = await createTestApp({ isWorker: false });
  sender = await createUser(t.platform);
});
afterAll(() => t?.close());

/** Mail jobs not finished yet (queued, retrying or running). */
async function unfinishedMailJobs(): Promise<number> {
  const result = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND state <> 'completed'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

describe('removing an invite whose mail has not gone out', () => {
  it('drops its queued mail, also one queued again by a resend', async () => {
    const { draft, sent } = await sendNewDraft(t.app, t.database.db, sender, [
      { name: 'Buyer Ab', emails: ['first@buyer.test'] },
    ]);
    expect(sent.statusCode).toBe(202);
    await sendDraftJob(t.platform).handle({ draftId: draft.id }, { jobId: 'run', retryCount: 0 });
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id));
    const dealId = deal?.id ?? '';

    const emails = ['removed@buyer.test', 'resent@buyer.test', 'kept@buyer.test'];
    const added = await callApi(t.app, 'POST', `/deals/${dealId}/invites`, sender.cookie, {
      emails,
    });
    expect(added.statusCode).toBe(201);
    const invites = added.json().invites as { id: string; email: string; mailStatus: string }[];
    const idOf = (email: string) => invites.find((invite) => invite.email === email)?.id ?? '';
    expect(invites.find((invite) => invite.email === 'resent@buyer.test')?.mailStatus).toBe('new');
    // An invite still new may be sent again (spec 2 §4.7)...
    const resent = await callApi(
      t.app,
      'POST',
      `/invites/${idOf('resent@buyer.test')}/resend`,
      sender.cookie,
    );
    expect(resent.statusCode).toBe(204);
    // ...and removed.
    for (const email of ['removed@buyer.test', 'resent@buyer.test']) {
      const removed = await callApi(t.app, 'DELETE', `/invites/${idOf(email)}`, sender.cookie);
      expect(removed.statusCode).toBe(204);
    }

    // Now a worker runs the queued mails.
    const worker = await createTestApp({ database: t.database, isWorker: true });
    try {
      await eventually(async () => ((await unfinishedMailJobs()) === 0 ? true : undefined));
      const outbox = (
        await worker.app.inject({ method: 'GET', url: '/dev/outbox.json' })
      ).json() as OutboxMessage[];
      const to = outbox.map((message) => message.to).sort();
      expect(to).toEqual(['first@buyer.test', 'kept@buyer.test']);
      // A dropped mail has no outcome: the removed invites were never delivered.
      const rows = await t.database.db
        .select({ email: dealInvites.email, mailStatus: dealInvites.mailStatus })
        .from(dealInvites)
        .where(eq(dealInvites.dealId, dealId));
      expect(rows.map((row) => [row.email, row.mailStatus]).sort()).toEqual([
        ['first@buyer.test', 'delivered'],
        ['kept@buyer.test', 'delivered'],
        ['removed@buyer.test', 'new'],
        ['resent@buyer.test', 'new'],
      ]);
    } finally {
      await worker.close();
    }
  });
});

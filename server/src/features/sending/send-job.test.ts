import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealInvites, deals, draftQueues } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { sendNewDraft } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { sendDraftJob } from './job';

let t: TestApp;
let sender: TestUser;

beforeAll(async () => {
  // No workers: the test runs the send job itself.
  t = await createTestApp({ isWorker: false });
  sender = await createUser(t.platform);
});
afterAll(() => t?.close());

describe('the send job', () => {
  it('leaves no half-made deal when a receiver fails, reports the last failure, and finishes on a later run', async () => {
    const { draft, sent } = await sendNewDraft(t.app, t.database.db, sender, [
      { name: 'Buyer Ab', emails: ['a@buyer.test'] },
    ]);
    expect(sent.statusCode).toBe(202);

    const job = sendDraftJob(t.platform);
    const queueMail = t.platform.mail.queue;
    t.platform.mail.queue = async () => {
      throw new Error('mail queue is down');
    };
    try {
      await expect(
        job.handle({ draftId: draft.id }, { jobId: 'a', retryCount: 0 }),
      ).rejects.toThrow('mail queue is down');
      // The receiver's deal was rolled back with its invite.
      expect(await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id))).toEqual(
        [],
      );
      let [queue] = await t.database.db
        .select()
        .from(draftQueues)
        .where(eq(draftQueues.draftId, draft.id));
      expect(queue?.step).toBe('creating');
      // The last retry fails too: the queue shows the error.
      await expect(
        job.handle({ draftId: draft.id }, { jobId: 'a', retryCount: 5 }),
      ).rejects.toThrow();
      [queue] = await t.database.db
        .select()
        .from(draftQueues)
        .where(eq(draftQueues.draftId, draft.id));
      expect(queue).toMatchObject({
        step: 'error',
        errorMessage: 'The documents could not be created.',
      });
    } finally {
      t.platform.mail.queue = queueMail;
    }

    // Run again (an operator's retry): the deal is made once, however often it runs.
    await job.handle({ draftId: draft.id }, { jobId: 'b', retryCount: 0 });
    await job.handle({ draftId: draft.id }, { jobId: 'c', retryCount: 0 });
    const made = await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id));
    expect(made).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(dealInvites)
        .where(eq(dealInvites.dealId, made[0]?.id ?? '')),
    ).toHaveLength(1);
    const [queue] = await t.database.db
      .select()
      .from(draftQueues)
      .where(eq(draftQueues.draftId, draft.id));
    expect(queue).toMatchObject({ step: 'done', progress: 100, errorMessage: null });
  });
});

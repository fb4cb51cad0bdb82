import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  creditTransactions,
  dealInvites,
  dealSections,
  deals,
  documentAccess,
  workspaces,
} from '../../db/schema';
import { createPlatform } from '../../platform/platform';
import { openConfiguredDatabase } from '../../start';
import { eventually } from '../../test/app';
import { crashTestPlace } from '../../test/crash-place';
import { draftReadyToSend } from '../../test/drafts-factories';
import { createUser } from '../../test/factories';
import { startServerProcess } from '../../test/processes';

const { servers, env: placeEnv } = crashTestPlace('send-crash');

type Message = { to: string; subject: string };

describe('a send interrupted by a crash', () => {
  it('finishes after the restart with one deal per receiver, one charge and one mail each', async () => {
    // Embedded: the same data folder. PostgreSQL: the same database.
    const env = await placeEnv();
    const emails = ['anna@one.test', 'bo@two.test', 'cy@three.test'];

    // The sender, a workspace with 10 credits and a draft to three receivers, made before
    // any server runs (the embedded database allows one process at a time).
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const database = await openConfiguredDatabase(config);
    const platform = await createPlatform(config, database);
    const sender = await createUser(platform);
    const { workspace, draft } = await draftReadyToSend(platform, {
      senderId: sender.id,
      emails,
      credits: 10,
    });
    // Shared with the sender's workspace: the restarted send copies that entry once too.
    await database.db.insert(documentAccess).values({
      collection: 'drafts',
      documentId: draft.id,
      workspaceId: workspace.id,
      role: 'view',
      party: 'sender',
    });
    await database.close();

    // The first server dies right after the first receiver's deal is committed.
    const first = await startServerProcess({ ...env, PACTUM_CRASH_AT: 'send-after-deal-1' });
    servers.push(first);
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    const sent = await fetch(`${first.url}/api/v1/drafts/${draft.id}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url, cookie: sender.cookie },
      body: JSON.stringify({
        workspaceId: workspace.id,
        dealProcess: 'negotiate',
        isConfirmed: true,
      }),
    });
    expect(sent.status).toBe(202);
    expect(await exited).toBe(70);

    const second = await startServerProcess(env);
    servers.push(second);
    const queue = await eventually(async () => {
      const response = await fetch(`${second.url}/api/v1/drafts/${draft.id}/queue`, {
        headers: { cookie: sender.cookie },
      });
      const que = (await response.json()) as { step: string; progress: number };
      return que.step === 'done' ? que : undefined;
    }, 60_000);
    expect(queue.progress).toBe(100);
    const outbox = async () =>
      ((await (await fetch(`${second.url}/dev/outbox.json`)).json()) as Message[]).filter((m) =>
        emails.includes(m.to),
      );
    await eventually(async () => ((await outbox()).length >= 3 ? true : undefined), 30_000);
    // Another few poll rounds of the workers later, still one mail each.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await outbox()).map((m) => m.to).sort()).toEqual([...emails].sort());
    await second.stop('SIGTERM');

    const after = await openConfiguredDatabase(config);
    try {
      const made = await after.db.select().from(deals).where(eq(deals.draftId, draft.id));
      expect(made).toHaveLength(3);
      expect(new Set(made.map((deal) => deal.draftReceiverId)).size).toBe(3);
      for (const deal of made) {
        const invites = await after.db
          .select()
          .from(dealInvites)
          .where(eq(dealInvites.dealId, deal.id));
        expect(invites).toHaveLength(1);
        const sections = await after.db
          .select()
          .from(dealSections)
          .where(eq(dealSections.dealId, deal.id));
        expect(sections).toHaveLength(4);
        const access = await after.db
          .select()
          .from(documentAccess)
          .where(
            and(eq(documentAccess.collection, 'deals'), eq(documentAccess.documentId, deal.id)),
          );
        expect(
          access.map((entry) => [entry.userId, entry.workspaceId, entry.role, entry.party]),
        ).toEqual(
          expect.arrayContaining([
            [sender.id, null, 'edit', 'sender'],
            [null, workspace.id, 'view', 'sender'],
          ]),
        );
        expect(access).toHaveLength(2);
      }
      const ledger = await after.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.workspaceId, workspace.id));
      expect(ledger.map((row) => row.spend)).toEqual([6]);
      const [balance] = await after.db
        .select({ credits: workspaces.credits })
        .from(workspaces)
        .where(eq(workspaces.id, workspace.id));
      expect(balance?.credits).toBe(4);
    } finally {
      await after.close();
    }
  }, 180_000);
});

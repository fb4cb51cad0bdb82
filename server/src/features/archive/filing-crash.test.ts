import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { archiveInboxSchema } from '@pactum/core/api/archive';
import type { Wire } from '@pactum/core/api/wire';
import type { SigningView } from '@pactum/core/signing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  archiveAccess,
  archiveFilings,
  archiveItems,
  deals,
  documentAccess,
  files,
  notifications,
  signedPdfs,
} from '../../db/schema';
import { createPlatform } from '../../platform/platform';
import { openConfiguredDatabase } from '../../start';
import { eventually } from '../../test/app';
import { crashTestPlace } from '../../test/crash-place';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { createUser, type TestUser } from '../../test/factories';
import { startServerProcess } from '../../test/processes';
import { signerInput, signRequest } from '../../test/signing-factories';
import { FILING_CRASH_AFTER_PARTY_1 } from './filing';

const { dataDir, servers, env: placeEnv } = crashTestPlace('filing-crash');

type Inbox = Wire<typeof archiveInboxSchema>;

describe('filing a signed deal interrupted by kill -9', () => {
  it('leaves exactly one archived copy per party after the restart', async () => {
    // Embedded: the same data folder. PostgreSQL: the same database.
    const env = await placeEnv();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

    // A deal in negotiation, the sender's side shared with the sender's workspace, made before
    // any server runs (the embedded database allows one process at a time).
    const setup = await openConfiguredDatabase(config);
    const setupPlatform = await createPlatform(config, setup);
    const sender = await createUser(setupPlatform);
    const colleague = await createUser(setupPlatform);
    const receiver = await createUser(setupPlatform);
    const workspaceId = await createWorkspaceWith(setup.db, [sender, colleague]);
    const { deal } = await createDeal(setup.db, {
      sender,
      receiver,
      state: 'negotiate',
      title: 'Toimitussopimus',
      workspaceAccess: { workspaceId, party: 'sender', role: 'view' },
      isAgreedByReceiver: true,
    });
    await setup.db.update(deals).set({ workspaceId }).where(eq(deals.id, deal.id));
    await setup.close();

    // The first server is killed right after the sender's copy is committed.
    const first = await startServerProcess({ ...env, PACTUM_CRASH_AT: FILING_CRASH_AFTER_PARTY_1 });
    servers.push(first);
    const killed = new Promise<NodeJS.Signals | null>((resolve) =>
      first.child.once('exit', (_code, signal) => resolve(signal)),
    );
    const call = async (method: string, url: string, user: TestUser, body: unknown) => {
      const response = await fetch(`${first.url}/api/v1${url}`, {
        method,
        headers: { 'content-type': 'application/json', origin: first.url, cookie: user.cookie },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${url}`).toBe(200);
      return (await response.json()) as SigningView;
    };
    await call('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerInput(sender, 'sender', '+358401111111')],
      use2faInSigning: false,
    });
    const view = await call('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerInput(receiver, 'receiver', '+358402222222')],
    });
    const signerIdOf = (party: 'sender' | 'receiver') =>
      view.signers.find((signer) => signer.party === party)?.id ?? '';
    await call(
      'POST',
      `/deals/${deal.id}/signers/${signerIdOf('sender')}/sign`,
      sender,
      signRequest('Maija M'),
    );
    // The last signature completes the deal; the PDF is sealed, then filing starts and the
    // process dies between the two parties.
    await call(
      'POST',
      `/deals/${deal.id}/signers/${signerIdOf('receiver')}/sign`,
      receiver,
      signRequest('Matti M'),
    );
    expect(await killed).toBe('SIGKILL');

    // Killed mid-filing: the sender's copy is in, the receiver's is not.
    const between = await openConfiguredDatabase(config);
    try {
      const filings = await between.db
        .select({ party: archiveFilings.party, state: archiveFilings.state })
        .from(archiveFilings)
        .where(eq(archiveFilings.dealId, deal.id));
      expect(filings.map((row) => `${row.party}:${row.state}`).sort()).toEqual([
        'receiver:in-progress',
        'sender:done',
      ]);
      const copies = await between.db
        .select({ party: archiveItems.originalParty })
        .from(archiveItems)
        .where(eq(archiveItems.originalDealId, deal.id));
      expect(copies).toEqual([{ party: 'sender' }]);
    } finally {
      await between.close();
    }

    const second = await startServerProcess(env);
    servers.push(second);
    const inboxOf = async (user: TestUser) => {
      const response = await fetch(`${second.url}/api/v1/archive/inbox`, {
        headers: { cookie: user.cookie },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Inbox;
    };
    // Each party's copy is filed and its page text read (the sender's text job was queued
    // with its copy, before the kill).
    for (const user of [sender, colleague, receiver]) {
      const inbox = await eventually(async () => {
        const current = await inboxOf(user);
        const isSettled =
          current.filings.length === 0 &&
          current.items.length > 0 &&
          current.items.every((item) => item.textState === 'done');
        return isSettled ? current : undefined;
      }, 60_000);
      expect(inbox.total).toBe(1);
      expect(inbox.items[0]).toMatchObject({
        originalDealId: deal.id,
        originalParty: user === receiver ? 'receiver' : 'sender',
        name: 'Toimitussopimus.pdf',
      });
    }
    await second.stop('SIGTERM');

    const after = await openConfiguredDatabase(config);
    try {
      const platform = await createPlatform(config, after);
      const copies = await after.db
        .select()
        .from(archiveItems)
        .where(eq(archiveItems.originalDealId, deal.id));
      expect(copies.map((copy) => copy.originalParty).sort()).toEqual(['receiver', 'sender']);
      const copyOf = (party: string) => copies.find((copy) => copy.originalParty === party);

      const filings = await after.db
        .select()
        .from(archiveFilings)
        .where(eq(archiveFilings.dealId, deal.id));
      const filingOf = (party: string) => filings.find((row) => row.party === party);
      expect(filingOf('sender')).toMatchObject({
        state: 'done',
        itemId: copyOf('sender')?.id,
        attempts: 1,
      });
      // The run that was killed, then at least the one the restart resumed.
      expect(filingOf('receiver')).toMatchObject({ state: 'done', itemId: copyOf('receiver')?.id });
      expect(filingOf('receiver')?.attempts).toBeGreaterThanOrEqual(2);

      const accessOf = async (itemId: string) =>
        (await after.db.select().from(archiveAccess).where(eq(archiveAccess.itemId, itemId)))
          .map((row) => row.userId ?? row.workspaceId)
          .sort();
      expect(await accessOf(copyOf('sender')?.id ?? '')).toEqual([sender.id, workspaceId].sort());
      expect(await accessOf(copyOf('receiver')?.id ?? '')).toEqual([receiver.id]);

      const told = await after.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(eq(notifications.documentId, deal.id), eq(notifications.event, 'new-inbox-item')),
        );
      expect(told.map((row) => row.userId).sort()).toEqual(
        [sender.id, colleague.id, receiver.id].sort(),
      );

      // Both copies are the one sealed PDF, and its seal verifies.
      const [pdf] = await after.db.select().from(signedPdfs).where(eq(signedPdfs.dealId, deal.id));
      for (const copy of copies) expect(copy.fileId).toBe(pdf?.fileId);
      const [file] = await after.db
        .select()
        .from(files)
        .where(eq(files.id, pdf?.fileId ?? ''));
      const bytes = await platform.storage.get(file?.storageKey ?? '');
      const pdfFile = path.join(dataDir, 'archived.pdf');
      fs.writeFileSync(pdfFile, bytes);
      const report = execFileSync('pdfsig', ['-nocert', '-no-ocsp', pdfFile], {
        encoding: 'utf8',
      });
      expect(report).toContain('Signature Validation: Signature is Valid.');

      // The deal's access entries are untouched.
      const entries = await after.db
        .select()
        .from(documentAccess)
        .where(and(eq(documentAccess.collection, 'deals'), eq(documentAccess.documentId, deal.id)));
      expect(entries).toHaveLength(3);
    } finally {
      await after.close();
    }
  }, 180_000);
});

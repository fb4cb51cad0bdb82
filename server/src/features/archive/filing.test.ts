import type { archiveInboxSchema } from '@pactum/core/api/archive';
import type { Wire } from '@pactum/core/api/wire';
import type { SigningView } from '@pactum/core/signing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveAccess,
  archiveFilings,
  archiveItems,
  deals,
  documentAccess,
  files,
  notifications,
  signedPdfs,
  workspaceGroupMembers,
  workspaceGroups,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith, insertDeal } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { pdfsig } from '../../test/pdf-tools';
import { signerInput, signRequest } from '../../test/signing-factories';
import { produceSignedPdf } from '../signing/signed-pdf';
import { registerSigningJobs } from '../signing/signing-jobs';
import {
  failFilings,
  openFilings,
  registerArchiveFilingJobs,
  resumeArchiveFilings,
} from './filing';

/*
 * Filing a signed deal into each party's Inbox, through the API and the jobs' own handlers
 * (the app runs no workers here, so each step is taken when the test says): the filings shown
 * while the PDF is sealed, one copy per party reached by that party's access entries only, the
 * notifications, a re-run and a race that add nothing, the seal intact, the page text.
 */

type Inbox = Wire<typeof archiveInboxSchema>;

let t: TestApp;
let sender: TestUser;
let senderColleague: TestUser;
let receiver: TestUser;
let receiverColleague: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let senderWorkspace: string;
let receiverWorkspace: string;
let receiverGroup: string;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [sender, senderColleague, receiver, receiverColleague, stranger, otherWorkspaceUser] =
    await createUsers(t.platform, 6);
  senderWorkspace = await createWorkspaceWith(t.database.db, [sender, senderColleague]);
  receiverWorkspace = await createWorkspaceWith(t.database.db, [receiver, receiverColleague]);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
  const [group] = await t.database.db
    .insert(workspaceGroups)
    .values({ workspaceId: receiverWorkspace, name: 'Legal' })
    .returning({ id: workspaceGroups.id });
  receiverGroup = group?.id ?? '';
  await t.database.db
    .insert(workspaceGroupMembers)
    .values({ groupId: receiverGroup, userId: receiverColleague.id });
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);
const jobContext = { jobId: 'test', retryCount: 0 };

/**
 * A deal in the sender's workspace, shared on the sender's side with that workspace and on the
 * receiver's side with the receiver's workspace and its group, signed by one signer each.
 */
async function signedDeal(title: string): Promise<string> {
  const { deal } = await createDeal(t.database.db, {
    sender,
    receiver,
    state: 'negotiate',
    title,
    isAgreedByReceiver: true,
  });
  await t.database.db
    .update(deals)
    .set({ workspaceId: senderWorkspace })
    .where(eq(deals.id, deal.id));
  await t.database.db.insert(documentAccess).values([
    {
      collection: 'deals',
      documentId: deal.id,
      workspaceId: senderWorkspace,
      role: 'view',
      party: 'sender',
    },
    {
      collection: 'deals',
      documentId: deal.id,
      workspaceId: receiverWorkspace,
      role: 'view',
      party: 'receiver',
    },
    {
      collection: 'deals',
      documentId: deal.id,
      groupId: receiverGroup,
      role: 'view',
      party: 'receiver',
    },
    // An invitation not taken up yet reaches nobody's Inbox.
    {
      collection: 'deals',
      documentId: deal.id,
      email: 'not-yet@example.test',
      role: 'view',
      party: 'receiver',
    },
  ]);
  const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
    signers: [signerInput(sender, 'sender', '+358401111111')],
    use2faInSigning: false,
  });
  expect(started.statusCode).toBe(200);
  const setUp = await api('PUT', `/deals/${deal.id}/signers`, receiver, {
    signers: [signerInput(receiver, 'receiver', '+358402222222')],
  });
  expect(setUp.statusCode).toBe(200);
  const signers = (setUp.json() as SigningView).signers;
  for (const [user, party] of [
    [sender, 'sender'],
    [receiver, 'receiver'],
  ] as const) {
    const signerId = signers.find((signer) => signer.party === party)?.id;
    const signed = await api(
      'POST',
      `/deals/${deal.id}/signers/${signerId}/sign`,
      user,
      signRequest('Maija M'),
    );
    expect(signed.statusCode).toBe(200);
  }
  return deal.id;
}

/** The signed-PDF job's run for the deal, as its worker would take it. */
const sealDeal = (dealId: string) =>
  registerSigningJobs(t.platform).definition.handle({ dealId }, jobContext);
/** The filing job's run for the deal. */
const fileDeal = (dealId: string) =>
  registerArchiveFilingJobs(t.platform).fileDeal.handle({ dealId }, jobContext);
/** The text job's run for an item. */
const extractText = (itemId: string) =>
  registerArchiveFilingJobs(t.platform).extractText.handle({ itemId }, jobContext);

async function inboxOf(user: TestUser): Promise<Inbox> {
  const response = await api('GET', '/archive/inbox', user);
  expect(response.statusCode).toBe(200);
  return response.json() as Inbox;
}

const copiesOf = (dealId: string) =>
  t.database.db.select().from(archiveItems).where(eq(archiveItems.originalDealId, dealId));

const inboxNotifications = (dealId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.documentId, dealId), eq(notifications.event, 'new-inbox-item')));

describe('filing a signed deal into each party’s Inbox', () => {
  let dealId: string;

  it('shows the filing on its way while the PDF is sealed, to both parties only', async () => {
    dealId = await signedDeal('Toimitussopimus / 2025');
    const filings = await t.database.db
      .select()
      .from(archiveFilings)
      .where(eq(archiveFilings.dealId, dealId));
    expect(filings.map((row) => [row.party, row.state, row.step]).sort()).toEqual([
      ['receiver', 'in-progress', 'sealing'],
      ['sender', 'in-progress', 'sealing'],
    ]);
    for (const [user, party] of [
      [sender, 'sender'],
      [senderColleague, 'sender'],
      [receiver, 'receiver'],
      [receiverColleague, 'receiver'],
    ] as const) {
      const inbox = await inboxOf(user);
      expect(inbox.items).toEqual([]);
      expect(inbox.filings).toEqual([
        expect.objectContaining({
          dealId,
          party,
          title: 'Toimitussopimus / 2025',
          state: 'in-progress',
          step: 'sealing',
          progress: 30,
        }),
      ]);
    }
    for (const user of [stranger, otherWorkspaceUser]) {
      expect((await inboxOf(user)).filings).toEqual([]);
    }
    const archived = await api('GET', `/deals/${dealId}/archived`, sender);
    expect(archived.statusCode).toBe(404);
    expect(archived.json().error.code).toBe('archive_item_not_found');

    // The sealed PDF is recorded: the filings go on.
    await sealDeal(dealId);
    expect((await inboxOf(receiver)).filings).toEqual([
      expect.objectContaining({ dealId, party: 'receiver', step: 'filing', progress: 70 }),
    ]);
  });

  it('files one copy per party, reached by that party’s people only, and tells them', async () => {
    await fileDeal(dealId);
    const copies = await copiesOf(dealId);
    expect(copies.map((copy) => copy.originalParty).sort()).toEqual(['receiver', 'sender']);
    const copyOf = (party: string) => copies.find((copy) => copy.originalParty === party);
    const senderCopy = copyOf('sender');
    const receiverCopy = copyOf('receiver');
    const [pdf] = await t.database.db
      .select()
      .from(signedPdfs)
      .where(eq(signedPdfs.dealId, dealId));
    for (const copy of copies) {
      expect(copy).toMatchObject({
        type: 'file',
        parentId: null,
        scope: 'party',
        // a slash is no part of a file name
        name: 'Toimitussopimus - 2025.pdf',
        fileId: pdf?.fileId,
        fileType: 'application/pdf',
        extension: 'pdf',
        textState: 'pending',
        deletedAt: null,
      });
      expect(copy.size).toBeGreaterThan(1000);
    }
    expect(senderCopy?.workspaceId).toBe(senderWorkspace);
    expect(receiverCopy?.workspaceId).toBe(receiverWorkspace);
    const accessOf = async (itemId: string) =>
      (await t.database.db.select().from(archiveAccess).where(eq(archiveAccess.itemId, itemId)))
        .map((row) => row.userId ?? row.workspaceId ?? row.groupId)
        .sort();
    expect(await accessOf(senderCopy?.id ?? '')).toEqual([sender.id, senderWorkspace].sort());
    expect(await accessOf(receiverCopy?.id ?? '')).toEqual(
      [receiver.id, receiverWorkspace, receiverGroup].sort(),
    );

    // Each party's people see their party's copy; nobody else sees anything.
    for (const [user, copy] of [
      [sender, senderCopy],
      [senderColleague, senderCopy],
      [receiver, receiverCopy],
      [receiverColleague, receiverCopy],
    ] as const) {
      const inbox = await inboxOf(user);
      expect(inbox).toMatchObject({ total: 1, page: 1, filings: [] });
      expect(inbox.items.map((item) => [item.id, item.originalDealId, item.tags])).toEqual([
        [copy?.id, dealId, []],
      ]);
      const archived = await api('GET', `/deals/${dealId}/archived`, user);
      expect(archived.statusCode).toBe(200);
      expect(archived.json()).toEqual({ archiveId: copy?.id, parentId: null });
    }
    for (const user of [stranger, otherWorkspaceUser]) {
      expect(await inboxOf(user)).toMatchObject({ items: [], total: 0, filings: [] });
      for (const url of [`/deals/${dealId}/archived`, `/archive/items/${senderCopy?.id}/pages`]) {
        const refused = await api('GET', url, user);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json().error.code).toBe('archive_item_not_found');
      }
    }
    // The other party's copy is out of reach too.
    const crossed = await api('GET', `/archive/items/${receiverCopy?.id}/pages`, sender);
    expect(crossed.statusCode).toBe(404);

    // One new-inbox-item notification per person reached (the receiver's colleague is in the
    // workspace and the group: once).
    const told = await inboxNotifications(dealId);
    expect(told.map((row) => row.userId).sort()).toEqual(
      [sender.id, senderColleague.id, receiver.id, receiverColleague.id].sort(),
    );
    for (const row of told) {
      const copy = [sender.id, senderColleague.id].includes(row.userId) ? senderCopy : receiverCopy;
      expect(row).toMatchObject({
        collection: 'deals',
        data: { archiveId: copy?.id, title: copy?.name },
      });
    }
    // (The signing news before it reached them too; the Inbox line is the one looked at here.)
    const menu = await api('GET', '/notifications', receiverColleague);
    const items = (menu.json() as { items: { event: string }[] }).items;
    expect(items.filter((item) => item.event === 'new-inbox-item')).toEqual([
      expect.objectContaining({
        event: 'new-inbox-item',
        documentId: dealId,
        archiveId: receiverCopy?.id,
      }),
    ]);

    const filings = await t.database.db
      .select()
      .from(archiveFilings)
      .where(eq(archiveFilings.dealId, dealId));
    expect(filings.map((row) => [row.party, row.state, row.itemId, row.attempts]).sort()).toEqual([
      ['receiver', 'done', receiverCopy?.id, 1],
      ['sender', 'done', senderCopy?.id, 1],
    ]);
  });

  it('adds nothing when the job runs again', async () => {
    await fileDeal(dealId);
    await fileDeal(dealId);
    expect(await copiesOf(dealId)).toHaveLength(2);
    expect(await inboxNotifications(dealId)).toHaveLength(4);
    const copies = await copiesOf(dealId);
    for (const copy of copies) {
      const rows = await t.database.db
        .select()
        .from(archiveAccess)
        .where(eq(archiveAccess.itemId, copy.id));
      expect(rows).toHaveLength(copy.originalParty === 'sender' ? 2 : 3);
    }
  });

  it('keeps the seal: the archived copy’s stored bytes verify', async () => {
    const [copy] = await copiesOf(dealId);
    const [file] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, copy?.fileId ?? ''));
    const bytes = await t.platform.storage.get(file?.storageKey ?? '');
    const report = pdfsig(bytes);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
  });

  it('keeps the seal through a download by a person of the party', async () => {
    const [copy] = (await copiesOf(dealId)).filter((c) => c.originalParty === 'receiver');
    const download = await api('GET', `/archive/items/${copy?.id}/pdf?download=1`, receiver);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    const report = pdfsig(download.rawPayload);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    // The other party's people cannot download the receiver's copy.
    expect((await api('GET', `/archive/items/${copy?.id}/pdf`, sender)).statusCode).toBe(404);
  });

  it('reads the copies’ page text in the text job', async () => {
    const [senderCopy] = (await copiesOf(dealId)).filter((c) => c.originalParty === 'sender');
    const before = await api('GET', `/archive/items/${senderCopy?.id}/pages`, senderColleague);
    expect(before.json()).toEqual({ textState: 'pending', pageCount: null, pages: [] });
    await extractText(senderCopy?.id ?? '');
    const after = await api('GET', `/archive/items/${senderCopy?.id}/pages`, senderColleague);
    expect(after.statusCode).toBe(200);
    const answer = after.json() as {
      textState: string;
      pageCount: number;
      pages: { page: number; text: string }[];
    };
    expect(answer.textState).toBe('done');
    expect(answer.pages.map((page) => page.page)).toEqual(
      Array.from({ length: answer.pageCount }, (_, index) => index + 1),
    );
    expect(answer.pages[0]?.text).toContain('Toimitussopimus');
  });

  it('files a deal once when two runs race', async () => {
    const raced = await signedDeal('Kilpailu');
    await sealDeal(raced);
    await Promise.all([fileDeal(raced), fileDeal(raced)]);
    const copies = await copiesOf(raced);
    expect(copies.map((copy) => copy.originalParty).sort()).toEqual(['receiver', 'sender']);
    expect(await inboxNotifications(raced)).toHaveLength(4);
    // Newest first in the Inbox.
    const inbox = await inboxOf(sender);
    expect(inbox.total).toBe(2);
    expect(inbox.items.map((item) => item.originalDealId)).toEqual([raced, dealId]);
    const paged = (await api('GET', '/archive/inbox?page=2&pageSize=1', sender)).json() as Inbox;
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((item) => item.originalDealId)).toEqual([dealId]);
  });

  it('files a deal sealed before the archive existed when a process starts', async () => {
    const older = await signedDeal('Vanha sopimus');
    await sealDeal(older);
    // As if it had been sealed before filings were opened: no filing rows, no copies.
    await t.database.db.delete(archiveFilings).where(eq(archiveFilings.dealId, older));
    await t.database.db.delete(archiveItems).where(eq(archiveItems.originalDealId, older));
    await resumeArchiveFilings(t.platform);
    await resumeArchiveFilings(t.platform);
    const opened = await t.database.db
      .select()
      .from(archiveFilings)
      .where(eq(archiveFilings.dealId, older));
    expect(opened.map((row) => [row.party, row.step]).sort()).toEqual([
      ['receiver', 'filing'],
      ['sender', 'filing'],
    ]);
    await fileDeal(older);
    expect((await copiesOf(older)).map((copy) => copy.originalParty).sort()).toEqual([
      'receiver',
      'sender',
    ]);
  });

  it('shows a filing as failed when its signed PDF could not be made', async () => {
    const deal = await insertDeal(t.database.db, {
      sentBy: sender.id,
      title: 'Epäonnistunut',
      state: 'signed',
    });
    await t.database.db.insert(documentAccess).values({
      collection: 'deals',
      documentId: deal.id,
      userId: sender.id,
      role: 'edit',
      party: 'sender',
    });
    await openFilings(t.database.db, deal.id);
    await t.database.db.insert(signedPdfs).values({ dealId: deal.id });
    // The signed PDF's last try fails: its filings fail in the same transaction.
    await expect(
      produceSignedPdf(
        t.platform,
        async () => {
          throw new Error('The contract could not be drawn');
        },
        deal.id,
        {
          isLastAttempt: true,
          onFailed: (db, failed) => failFilings(db, failed.dealId, failed.error),
        },
      ),
    ).rejects.toThrow('The contract could not be drawn');
    // A filing job that runs anyway files nothing.
    await fileDeal(deal.id);
    const inbox = await inboxOf(sender);
    expect(inbox.filings).toEqual([
      expect.objectContaining({
        dealId: deal.id,
        party: 'sender',
        state: 'failed',
        step: 'sealing',
      }),
    ]);
    const [filing] = await t.database.db
      .select()
      .from(archiveFilings)
      .where(and(eq(archiveFilings.dealId, deal.id), eq(archiveFilings.party, 'sender')));
    expect(filing?.lastError).toBe('The contract could not be drawn');
    expect(await copiesOf(deal.id)).toEqual([]);
    // The receiver's side of this deal reaches nobody: nobody sees its filing.
    expect((await inboxOf(receiver)).filings).toEqual([]);
  });
});

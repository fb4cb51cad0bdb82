import { randomBytes } from 'node:crypto';
import type { archiveInboxSchema } from '@pactum/core/api/archive';
import type { Wire } from '@pactum/core/api/wire';
import type { SigningView } from '@pactum/core/signing';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveAccess, archiveItems, dealSigners, notifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs, createWorkspace } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { signerInput, signRequest } from '../../test/signing-factories';
import { uploadFile } from '../../test/uploads';
import { registerSigningJobs } from '../signing/signing-jobs';
import { registerArchiveFilingJobs, repairInboxCopyAccess, resumeArchiveFilings } from './filing';

/*
 * Issue 36, finding 2: the people who signed for a party get that party's archived copy, also
 * when they are no member of the deal (a Send & Sign PDF's receiver signer who signs through the
 * link, a receiver's signer named by address), and are told of it; nobody else opens it; and
 * the copies filed before this, reaching no one, are repaired when a process starts. The app
 * runs no workers here: the test seals and files each deal by the jobs' own handlers.
 */

type Inbox = Wire<typeof archiveInboxSchema>;

let t: TestApp;
let sender: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  sender = await createUser(t.platform);
  stranger = await createUser(t.platform);
  otherWorkspaceUser = await createUser(t.platform);
  // Sending a PDF costs a credit.
  workspaceId = (await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 10 })).id;
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);
const jobContext = { jobId: 'test', retryCount: 0 };

/** The signed-PDF job's run, then the filing job's, as their workers would take them. */
async function sealAndFile(dealId: string): Promise<void> {
  await registerSigningJobs(t.platform).definition.handle({ dealId }, jobContext);
  await registerArchiveFilingJobs(t.platform).fileDeal.handle({ dealId }, jobContext);
}

async function receiverCopyOf(dealId: string) {
  const [copy] = await t.database.db
    .select()
    .from(archiveItems)
    .where(
      and(eq(archiveItems.originalDealId, dealId), eq(archiveItems.originalParty, 'receiver')),
    );
  if (!copy) throw new Error('no receiver copy');
  return copy;
}

const accessRows = (itemId: string) =>
  t.database.db.select().from(archiveAccess).where(eq(archiveAccess.itemId, itemId));

/** The user's `new-inbox-item` notifications about the deal. */
const inboxNews = (dealId: string, user: TestUser) =>
  t.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.documentId, dealId),
        eq(notifications.userId, user.id),
        eq(notifications.event, 'new-inbox-item'),
      ),
    );

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Lease agreement', { x: 50, y: 700, font, size: 14 });
  return Buffer.from(await doc.save());
}

/** The signer slot of the user on the deal, as their signing view shows it; signs it. */
async function signAs(user: TestUser, dealId: string): Promise<void> {
  const view = await api('GET', `/deals/${dealId}/signing`, user);
  expect(view.statusCode).toBe(200);
  const mine = (view.json() as SigningView).signers.find((signer) => signer.canSign);
  expect(mine).toBeDefined();
  const signed = await api(
    'POST',
    `/deals/${dealId}/signers/${mine?.id}/sign`,
    user,
    signRequest('Signed here'),
  );
  expect(signed.statusCode).toBe(200);
}

/** The party's copy opens for the user: the item, its PDF, the Inbox, the deal's link. */
async function expectOpens(user: TestUser, dealId: string, itemId: string): Promise<void> {
  expect((await api('GET', `/archive/items/${itemId}`, user)).statusCode).toBe(200);
  const pdf = await api('GET', `/archive/items/${itemId}/pdf`, user);
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const inbox = (await api('GET', '/archive/inbox', user)).json() as Inbox;
  expect(inbox.items.map((item) => item.id)).toContain(itemId);
  const archived = await api('GET', `/deals/${dealId}/archived`, user);
  expect(archived.statusCode).toBe(200);
  expect(archived.json()).toEqual({ archiveId: itemId, parentId: null });
}

/** Out of reach for the user: 404 as if it did not exist. */
async function expectRefused(user: TestUser, itemId: string): Promise<void> {
  for (const url of [`/archive/items/${itemId}`, `/archive/items/${itemId}/pdf`]) {
    const refused = await api('GET', url, user);
    expect(refused.statusCode, url).toBe(404);
    expect(refused.json().error.code).toBe('archive_item_not_found');
  }
  const inbox = (await api('GET', '/archive/inbox', user)).json() as Inbox;
  expect(inbox.items.map((item) => item.id)).not.toContain(itemId);
}

describe('a receiver signer’s archived copy', () => {
  let pdfDealId: string;
  let pdfSigner: TestUser;
  let namedDealId: string;
  let namedSigner: TestUser;
  let receiverMember: TestUser;

  it('reaches the receiver signer of a Send & Sign PDF who signed through the link', async () => {
    // The signer has no verified address: they prove the mailbox by the mailed link.
    pdfSigner = await createUser(t.platform, { emailVerified: false });
    const { id: uploadId } = await uploadFile(t, sender.cookie, {
      name: 'lease.pdf',
      body: await samplePdf(),
      purpose: 'attachment',
    });
    const sent = await api('POST', '/send-pdf', sender, {
      uploadId,
      title: 'Lease agreement',
      sender: { name: 'Landlord Oy', businessId: '1234567-8' },
      receiver: { name: 'Tenant Ab', businessId: '' },
      signers: [
        signerInput(sender, 'sender', '+358401010101'),
        signerInput(pdfSigner, 'receiver', '+358402020202'),
      ],
      workspaceId,
      isConfirmed: true,
    });
    expect(sent.statusCode).toBe(201);
    pdfDealId = (sent.json() as { dealId: string }).dealId;
    const [slot] = await t.database.db
      .select({ shortId: dealSigners.shortId })
      .from(dealSigners)
      .where(and(eq(dealSigners.dealId, pdfDealId), eq(dealSigners.party, 'receiver')));
    const link = `/invites/sign/${slot?.shortId}`;
    expect((await api('GET', link, pdfSigner)).json()).toMatchObject({ outcome: 'claim' });
    expect((await api('POST', `${link}/claim`, pdfSigner)).statusCode).toBe(200);
    await signAs(pdfSigner, pdfDealId);
    await signAs(sender, pdfDealId);

    // On its way, the filing shows in the signer's Inbox too.
    const waiting = (await api('GET', '/archive/inbox', pdfSigner)).json() as Inbox;
    expect(waiting.filings).toEqual([
      expect.objectContaining({ dealId: pdfDealId, party: 'receiver', step: 'sealing' }),
    ]);

    await sealAndFile(pdfDealId);
    const copy = await receiverCopyOf(pdfDealId);
    expect(copy).toMatchObject({ scope: 'party', parentId: null, workspaceId: null });
    expect((await accessRows(copy.id)).map((row) => row.userId)).toEqual([pdfSigner.id]);
    await expectOpens(pdfSigner, pdfDealId, copy.id);

    const told = await inboxNews(pdfDealId, pdfSigner);
    expect(told).toHaveLength(1);
    expect(told[0]?.data).toMatchObject({ archiveId: copy.id, title: copy.name });
    const menu = (await api('GET', '/notifications', pdfSigner)).json() as {
      items: { event: string; archiveId: string | null }[];
    };
    expect(menu.items.filter((item) => item.event === 'new-inbox-item')).toEqual([
      expect.objectContaining({ archiveId: copy.id }),
    ]);
  });

  it('reaches a receiver signer named by address who is no member of the deal', async () => {
    receiverMember = await createUser(t.platform);
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver: receiverMember,
      state: 'negotiate',
      title: 'Supply agreement',
      isAgreedByReceiver: true,
    });
    namedDealId = deal.id;
    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerInput(sender, 'sender', '+358401111111')],
      use2faInSigning: false,
    });
    expect(started.statusCode).toBe(200);
    // The receiver's side names its signer by an address nobody has an account for yet.
    const address = `signer-${randomBytes(4).toString('hex')}@example.test`;
    const setUp = await api('PUT', `/deals/${deal.id}/signers`, receiverMember, {
      signers: [signerInput({ email: address, lastname: 'Named' }, 'receiver', '+358402222222')],
    });
    expect(setUp.statusCode).toBe(200);
    // They sign up with that address and sign.
    namedSigner = await createUser(t.platform, { email: address });
    await signAs(namedSigner, deal.id);
    await signAs(sender, deal.id);
    await sealAndFile(deal.id);

    const copy = await receiverCopyOf(deal.id);
    expect((await accessRows(copy.id)).map((row) => row.userId).sort()).toEqual(
      [receiverMember.id, namedSigner.id].sort(),
    );
    await expectOpens(namedSigner, deal.id, copy.id);
    await expectOpens(receiverMember, deal.id, copy.id);
    expect(await inboxNews(deal.id, namedSigner)).toEqual([
      expect.objectContaining({ data: { archiveId: copy.id, title: copy.name } }),
    ]);
    expect(await inboxNews(deal.id, receiverMember)).toHaveLength(1);
  });

  it('is out of reach for a stranger, another workspace’s user and the other party', async () => {
    for (const dealId of [pdfDealId, namedDealId]) {
      const copy = await receiverCopyOf(dealId);
      for (const user of [stranger, otherWorkspaceUser, sender]) {
        await expectRefused(user, copy.id);
      }
      for (const user of [stranger, otherWorkspaceUser]) {
        expect((await api('GET', `/deals/${dealId}/archived`, user)).statusCode).toBe(404);
      }
    }
    // The receiver's signer of one deal does not reach the other deal's copy.
    await expectRefused(pdfSigner, (await receiverCopyOf(namedDealId)).id);
  });

  it('repairs at start the copies filed without their signers, once', async () => {
    // As the copies were filed before: the PDF deal's reaching no one, the named signer missing.
    const pdfCopy = await receiverCopyOf(pdfDealId);
    const namedCopy = await receiverCopyOf(namedDealId);
    await t.database.db.delete(archiveAccess).where(eq(archiveAccess.itemId, pdfCopy.id));
    await t.database.db
      .delete(archiveAccess)
      .where(and(eq(archiveAccess.itemId, namedCopy.id), eq(archiveAccess.userId, namedSigner.id)));
    await t.database.db.delete(notifications).where(eq(notifications.event, 'new-inbox-item'));
    await expectRefused(pdfSigner, pdfCopy.id);
    await expectRefused(namedSigner, namedCopy.id);

    // A process starts: the filings resume and the copies are repaired.
    await resumeArchiveFilings(t.platform);
    await expectOpens(pdfSigner, pdfDealId, pdfCopy.id);
    await expectOpens(namedSigner, namedDealId, namedCopy.id);
    expect((await accessRows(pdfCopy.id)).map((row) => row.userId)).toEqual([pdfSigner.id]);
    expect((await accessRows(namedCopy.id)).map((row) => row.userId).sort()).toEqual(
      [receiverMember.id, namedSigner.id].sort(),
    );
    // The people newly reached are told; those who had the copy already are not told again.
    expect(await inboxNews(pdfDealId, pdfSigner)).toEqual([
      expect.objectContaining({ data: { archiveId: pdfCopy.id, title: pdfCopy.name } }),
    ]);
    expect(await inboxNews(namedDealId, namedSigner)).toHaveLength(1);
    expect(await inboxNews(namedDealId, receiverMember)).toEqual([]);
    for (const user of [stranger, otherWorkspaceUser, sender]) {
      await expectRefused(user, pdfCopy.id);
      await expectRefused(user, namedCopy.id);
    }

    // Another start changes nothing more.
    await resumeArchiveFilings(t.platform);
    expect(await repairInboxCopyAccess(t.platform)).toBe(0);
    expect(await accessRows(pdfCopy.id)).toHaveLength(1);
    expect(await accessRows(namedCopy.id)).toHaveLength(2);
    expect(await inboxNews(pdfDealId, pdfSigner)).toHaveLength(1);
    expect(await inboxNews(namedDealId, namedSigner)).toHaveLength(1);
  });
});

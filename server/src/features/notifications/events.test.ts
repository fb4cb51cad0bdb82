import { partyRoles } from '@pactum/core/documents';
import { SIGNING_CONSENT_VERSION } from '@pactum/core/signing';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deals,
  documentAccess,
  notifications,
  workspaceGroupMembers,
  workspaceGroups,
} from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs, createWorkspace, sendFinished, sendNewDraft } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { uploadFile } from '../../test/uploads';

/*
 * Who is told of what (spec 1 §4 notification event types): negotiation news goes to the other
 * party's people (its own entries, its workspaces' and groups' members), signing news to both
 * parties and the named signers, a new deal to the receiver's people, an Inbox copy to those it
 * reaches; never to the one who acted.
 */

let t: TestApp;
let sender: TestUser;
/** On the sender's side through their own view entry. */
let senderColleague: TestUser;
/** On the sender's side through a group of the sender's workspace. */
let senderGroupMember: TestUser;
let receiver: TestUser;
/** On the receiver's side through the receiver's workspace. */
let receiverMember: TestUser;
let stranger: TestUser;
let senderWorkspaceId: string;
let senderGroupId: string;
let receiverWorkspaceId: string;

const api = apiAs(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  [sender, senderColleague, senderGroupMember, receiver, receiverMember, stranger] =
    await createUsers(t.platform, 6);
  senderWorkspaceId = await createWorkspaceWith(t.database.db, [sender, senderGroupMember]);
  const [group] = await t.database.db
    .insert(workspaceGroups)
    .values({ workspaceId: senderWorkspaceId, name: 'Legal' })
    .returning({ id: workspaceGroups.id });
  if (!group) throw new Error('group not created');
  senderGroupId = group.id;
  await t.database.db
    .insert(workspaceGroupMembers)
    .values({ groupId: senderGroupId, userId: senderGroupMember.id });
  receiverWorkspaceId = await createWorkspaceWith(t.database.db, [receiverMember]);
});
afterAll(() => t?.close());

/**
 * A deal in negotiation reached by both parties' people in every way access can be had; with
 * `isAgreedByReceiver`, the receiver has agreed to every section (the sender may start signing).
 */
async function makeDeal(title = 'Supply agreement', isAgreedByReceiver = false) {
  const made = await createDeal(t.database.db, {
    sender,
    receiver,
    state: 'negotiate',
    title,
    isAgreedByReceiver,
    others: [{ user: senderColleague, party: 'sender', role: 'view' }],
    workspaceAccess: { workspaceId: receiverWorkspaceId, party: 'receiver', role: 'edit' },
  });
  await t.database.db.insert(documentAccess).values({
    collection: 'deals',
    documentId: made.deal.id,
    groupId: senderGroupId,
    role: 'view',
    party: 'sender',
  });
  return made;
}

/** The users told of `event` on the document, sorted (one entry per notification). */
async function toldOf(documentId: string, event: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.documentId, documentId), eq(notifications.event, event)));
  return rows.map((row) => row.userId).sort();
}

const ids = (...users: TestUser[]) => users.map((user) => user.id).sort();

async function sectionLog(dealId: string, sectionId: string, user: TestUser): Promise<number> {
  const detail = (await api('GET', `/deals/${dealId}`, user)).json() as {
    sections: { id: string; log: unknown[] }[];
  };
  return detail.sections.find((section) => section.id === sectionId)?.log.length ?? 0;
}

describe('negotiation events', () => {
  it('go to every user of the other party, however they reach the deal, and never the actor', async () => {
    const made = await makeDeal();
    const d = made.deal.id;
    const payment = made.sections.find((section) => section.title === 'Payment');
    if (!payment) throw new Error('no payment section');
    const url = `/deals/${d}/sections/${payment.id}`;
    const senderSide = ids(sender, senderColleague, senderGroupMember);
    const receiverSide = ids(receiver, receiverMember);

    // The receiver's new version: the sender's side, all three ways.
    expect((await api('POST', `${url}/lock`, receiver)).statusCode).toBe(200);
    const saved = await api('PUT', url, receiver, {
      title: 'Payment',
      html: '<p>Invoices are paid in 14 days.</p>',
      baseLogLength: await sectionLog(d, payment.id, receiver),
    });
    expect(saved.statusCode).toBe(200);
    expect(await toldOf(d, 'section-edit')).toEqual(senderSide);

    // The sender agrees and reopens: the receiver and the receiver's workspace.
    const agreed = await api('POST', `${url}/agree`, sender, {
      baseLogLength: await sectionLog(d, payment.id, sender),
    });
    expect(agreed.statusCode).toBe(200);
    expect(await toldOf(d, 'section-agree')).toEqual(receiverSide);
    const reopened = await api('POST', `${url}/reopen`, sender, {
      baseLogLength: await sectionLog(d, payment.id, sender),
    });
    expect(reopened.statusCode).toBe(200);
    expect(await toldOf(d, 'section-reopen')).toEqual(receiverSide);

    // A workspace member acts for the receiver: the sender's side hears, their own side not.
    const created = await api('POST', `/deals/${d}/sections`, receiverMember, {
      title: 'Liability',
      html: '<p>Limited to the fees.</p>',
    });
    expect(created.statusCode).toBe(201);
    expect(await toldOf(d, 'section-create')).toEqual(senderSide);
    const removed = await api(
      'DELETE',
      `/deals/${d}/sections/${(created.json() as { section: { id: string } }).section.id}`,
      sender,
    );
    expect(removed.statusCode).toBe(204);
    expect(await toldOf(d, 'section-delete')).toEqual(receiverSide);

    // Settings carry the new title.
    const settings = await api('PATCH', `/deals/${d}`, sender, { title: 'Supply agreement 2027' });
    expect(settings.statusCode).toBe(200);
    expect(await toldOf(d, 'document-settings')).toEqual(receiverSide);
    const [row] = await t.database.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.documentId, d), eq(notifications.event, 'document-settings')));
    expect(row?.data).toMatchObject({ dealTitle: 'Supply agreement 2027', byUserId: sender.id });

    // Trash is the sender's; support's restore is news for both sides.
    expect((await api('POST', `/deals/${d}/trash`, sender)).statusCode).toBe(200);
    expect(await toldOf(d, 'document-trash')).toEqual(receiverSide);
    const admin = await createUser(t.platform, {
      isAdmin: true,
      email: `support-${Date.now()}@pactum.fi`,
    });
    expect(
      (await api('POST', `/deals/${d}/restore`, admin, { reason: 'Recovered on request' }))
        .statusCode,
    ).toBe(200);
    expect(await toldOf(d, 'document-restore')).toEqual([...senderSide, ...receiverSide].sort());

    // No one outside the deal heard anything.
    const strangers = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.documentId, d), eq(notifications.userId, stranger.id)));
    expect(strangers).toEqual([]);
  });

  it('a user who reaches the deal for both sides in the same way is told nothing meant for one side', async () => {
    // A member of a workspace on each side: which side they act for is not clear.
    const torn = await createUser(t.platform);
    const made = await makeDeal();
    const d = made.deal.id;
    for (const party of partyRoles) {
      await t.database.db.insert(documentAccess).values({
        collection: 'deals',
        documentId: d,
        workspaceId: await createWorkspaceWith(t.database.db, [torn]),
        role: 'view',
        party,
      });
    }
    const payment = made.sections.find((section) => section.title === 'Payment');
    const agreed = await api('POST', `/deals/${d}/sections/${payment?.id}/agree`, receiver, {
      baseLogLength: 1,
    });
    expect(agreed.statusCode).toBe(200);
    expect(await toldOf(d, 'section-agree')).toEqual(
      ids(sender, senderColleague, senderGroupMember),
    );
    const created = await api('POST', `/deals/${d}/sections`, sender, { title: 'Warranty' });
    expect(created.statusCode).toBe(201);
    expect(await toldOf(d, 'section-create')).toEqual(ids(receiver, receiverMember));

    // Their own entry settles it: an own entry comes before a workspace's.
    await t.database.db.insert(documentAccess).values({
      collection: 'deals',
      documentId: d,
      userId: torn.id,
      role: 'view',
      party: 'receiver',
    });
    const again = await api('POST', `/deals/${d}/sections`, sender, { title: 'Audit' });
    expect(again.statusCode).toBe(201);
    expect(await toldOf(d, 'section-create')).toEqual(
      [...ids(receiver, receiverMember), ...ids(receiver, receiverMember, torn)].sort(),
    );
  });
});

const signerOf = (user: TestUser, party: 'sender' | 'receiver', phone: string) => ({
  party,
  firstname: 'Signer',
  lastname: user.lastname,
  email: user.email,
  phone,
});
const signBody = {
  signature: { text: 'Signed here', font: 'kalam', color: 'green' },
  consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang: 'en' },
};

describe('signing events', () => {
  it('go to both parties and the named signers, never the actor; the Inbox copies to those they reach', async () => {
    // A signer from outside both parties, named by the sender.
    const outsideSigner = await createUser(t.platform);
    const made = await makeDeal('Lease', true);
    const d = made.deal.id;
    const everyone = ids(
      sender,
      senderColleague,
      senderGroupMember,
      receiver,
      receiverMember,
      outsideSigner,
    );
    const allBut = (actor: TestUser) => everyone.filter((id) => id !== actor.id);

    const start = () =>
      api('POST', `/deals/${d}/start-signing`, sender, {
        signers: [
          signerOf(sender, 'sender', '+358401000001'),
          signerOf(outsideSigner, 'sender', '+358401000002'),
        ],
      });
    expect((await start()).statusCode).toBe(200);
    expect(await toldOf(d, 'signing-start')).toEqual(allBut(sender));
    const receiverSigners = await api('PUT', `/deals/${d}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358401000003')],
    });
    expect(receiverSigners.statusCode).toBe(200);

    // Cancelled by the receiver: the signers whose slots it removes hear of it too.
    expect((await api('POST', `/deals/${d}/cancel-signing`, receiver)).statusCode).toBe(200);
    expect(await toldOf(d, 'restart-nego')).toEqual(allBut(receiver));

    expect((await start()).statusCode).toBe(200);
    expect(
      (
        await api('PUT', `/deals/${d}/signers`, receiver, {
          signers: [signerOf(receiver, 'receiver', '+358401000003')],
        })
      ).statusCode,
    ).toBe(200);
    const view = (await api('GET', `/deals/${d}/signing`, sender)).json() as {
      signers: { id: string; email: string }[];
    };
    const slotOf = (user: TestUser) => view.signers.find((s) => s.email === user.email)?.id;
    const sign = (user: TestUser) =>
      api('POST', `/deals/${d}/signers/${slotOf(user)}/sign`, user, signBody);

    expect((await sign(sender)).statusCode).toBe(200);
    expect(await toldOf(d, 'document-sign')).toEqual(allBut(sender));
    expect((await sign(outsideSigner)).statusCode).toBe(200);
    expect((await sign(receiver)).statusCode).toBe(200);
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, d));
    expect(deal?.state).toBe('signed');
    // Each signature is news for everyone else; the last one completes the deal.
    expect(await toldOf(d, 'document-sign')).toEqual(
      [...allBut(sender), ...allBut(outsideSigner), ...allBut(receiver)].sort(),
    );
    expect(await toldOf(d, 'signing-complete')).toEqual(allBut(receiver));

    // Each party's Inbox copy is announced to whoever it reaches: the outside signer signed
    // for the sender, so the sender's copy reaches them too (issue 36).
    const inbox = await eventually(async () => {
      const told = await toldOf(d, 'new-inbox-item');
      return told.length === everyone.length ? told : undefined;
    }, 60_000);
    expect(inbox).toEqual(everyone);
  });
});

describe('switching a sign-process deal to negotiation', () => {
  it('is sign-to-nego news for everyone else on the deal, the removed signers included', async () => {
    const outsideSigner = await createUser(t.platform);
    const made = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'new',
      process: 'sign',
      others: [{ user: senderColleague, party: 'sender', role: 'view' }],
      workspaceAccess: { workspaceId: receiverWorkspaceId, party: 'receiver', role: 'edit' },
      isAgreedByReceiver: true,
    });
    const d = made.deal.id;
    const started = await api('POST', `/deals/${d}/start-signing`, sender, {
      signers: [signerOf(outsideSigner, 'sender', '+358401000011')],
    });
    expect(started.statusCode).toBe(200);
    expect((await api('POST', `/deals/${d}/cancel-signing`, receiver)).statusCode).toBe(200);
    expect(await toldOf(d, 'sign-to-nego')).toEqual(
      ids(sender, senderColleague, receiverMember, outsideSigner),
    );
    expect(await toldOf(d, 'restart-nego')).toEqual([]);
  });
});

describe('a new deal', () => {
  it('from the send job is news for the accounts whose verified address an invite names', async () => {
    const invited = await createUser(t.platform);
    const unverified = await createUser(t.platform, { emailVerified: false });
    const { draft, sent } = await sendNewDraft(t.app, t.database.db, sender, [
      { name: 'Buyer Ab', emails: [invited.email, unverified.email, 'nobody@example.test'] },
    ]);
    expect(sent.statusCode).toBe(202);
    await sendFinished(t.database.db, draft.id);
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id));
    if (!deal) throw new Error('no deal');
    expect(await toldOf(deal.id, 'document-create')).toEqual(ids(invited));
    const [row] = await t.database.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(eq(notifications.documentId, deal.id));
    expect(row?.data).toMatchObject({ dealTitle: deal.title, byUserId: sender.id });
  });

  it('from Send & Sign PDF: the receiver’s people are sent it, the sender’s other signers hear signing started', async () => {
    const [receiverSigner, representative, colleagueSigner] = await Promise.all([
      createUser(t.platform),
      createUser(t.platform),
      createUser(t.platform),
    ]);
    const workspace = await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 5 });
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('Lease agreement', { x: 50, y: 700, font, size: 14 });
    const { id: uploadId } = await uploadFile(t, sender.cookie, {
      name: 'lease.pdf',
      body: Buffer.from(await doc.save()),
      purpose: 'attachment',
    });
    const sent = await api('POST', '/send-pdf', sender, {
      uploadId,
      title: 'Lease agreement',
      sender: { name: 'Landlord Oy', businessId: '' },
      receiver: { name: 'Tenant Ab', businessId: '' },
      signers: [
        signerOf(sender, 'sender', '+358402000001'),
        signerOf(colleagueSigner, 'sender', '+358402000002'),
        signerOf(receiverSigner, 'receiver', '+358402000003'),
      ],
      representatives: { emails: [representative.email], message: '' },
      workspaceId: workspace.id,
      isConfirmed: true,
    });
    expect(sent.statusCode).toBe(201);
    const { dealId } = sent.json() as { dealId: string };
    expect(await toldOf(dealId, 'document-create')).toEqual(ids(receiverSigner, representative));
    expect(await toldOf(dealId, 'signing-start')).toEqual(ids(colleagueSigner));
  });
});

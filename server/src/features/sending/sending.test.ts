import { DEMO_WORKSPACE_ID } from '@pactum/core/billing';
import type { DraftDetail } from '@pactum/core/drafts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  creditTransactions,
  dealInvites,
  dealSections,
  deals,
  documentAccess,
  draftQueues,
  draftReceivers,
  draftSections,
  drafts,
  files,
  users,
  workspaceGroupMembers,
  workspaceGroups,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { createTestApp, eventually, listenLive, type TestApp } from '../../test/app';
import { apiAs, createTemplate, createWorkspace, ORIGIN } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { type LiveTestClient, openLive } from '../../test/live-client';
import type { OutboxMessage } from '../../test/outbox';
import { ensureDemoWorkspace } from '../workspaces/ensure-demo-workspace';

let t: TestApp;
let sender: TestUser;
let colleague: TestUser;
let receiver: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;

let liveUrl: string;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  liveUrl = await listenLive(t);
  [sender, colleague, receiver, stranger, otherWorkspaceUser] = await createUsers(t.platform, 5);
  await createWorkspace(t.database.db, { memberIds: [otherWorkspaceUser.id], credits: 100 });
  await ensureDemoWorkspace(t.database);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t?.close();
});

const api = apiAs(() => t.app);

const seller = { type: 'business' as const, name: 'Seller Oy', vat: '1234567-8' };
let mailCounter = 0;
const uniqueEmail = (name: string) => `${name}-${++mailCounter}-${Date.now()}@buyer.test`;

/** A draft ready to send: the sender's details and receivers set through the API. */
async function readyDraft(
  options: {
    price?: number | null;
    receivers?: { name: string; emails: string[] }[];
    senderName?: string;
    senderParty?: Record<string, string>;
  } = {},
): Promise<DraftDetail> {
  const template = await createTemplate(t.database.db, {
    createdBy: sender.id,
    price: options.price ?? null,
  });
  const created = await api('POST', `/templates/${template.id}/drafts`, sender);
  expect(created.statusCode).toBe(201);
  const draft = created.json() as DraftDetail;
  const patched = await api('PATCH', `/drafts/${draft.id}`, sender, {
    parties: {
      sender: options.senderParty ?? { ...seller, name: options.senderName ?? seller.name },
      receiver: { type: 'business', name: '' },
    },
    senderMessage: 'Looking forward to it',
  });
  expect(patched.statusCode).toBe(200);
  const receivers = options.receivers ?? [
    { name: 'Buyer Ab', emails: [uniqueEmail('anna')] },
    { name: 'Other Buyer Oy', emails: [uniqueEmail('bo')] },
  ];
  const saved = await api('PUT', `/drafts/${draft.id}/receivers`, sender, {
    receivers: receivers.map((r) => ({
      party: { type: 'business', name: r.name },
      emails: r.emails,
    })),
  });
  expect(saved.statusCode).toBe(200);
  return { ...draft, receivers: saved.json().receivers };
}

const send = (draftId: string, workspaceId: string, user: TestUser = sender) =>
  api('POST', `/drafts/${draftId}/send`, user, {
    workspaceId,
    dealProcess: 'negotiate',
    isConfirmed: true,
  });

async function waitUntilSent(draftId: string) {
  return eventually(async () => {
    const [queue] = await t.database.db
      .select()
      .from(draftQueues)
      .where(eq(draftQueues.draftId, draftId));
    return queue?.step === 'done' ? queue : undefined;
  }, 20_000);
}

async function outbox(): Promise<OutboxMessage[]> {
  return (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json();
}

const credits = async (workspaceId: string) =>
  (await t.database.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0]?.credits;

describe('sending a draft', () => {
  it('makes one deal, invite and e-mail per receiver and charges price × receivers once', async () => {
    const workspace = await createWorkspace(t.database.db, {
      memberIds: [sender.id],
      credits: 10,
    });
    const draft = await readyDraft({ price: 3 });
    await t.database.db.insert(documentAccess).values({
      collection: 'drafts',
      documentId: draft.id,
      userId: colleague.id,
      role: 'edit',
      party: 'sender',
    });
    const [file] = await t.database.db
      .insert(files)
      .values({
        name: 'terms.pdf',
        size: 10,
        type: 'application/pdf',
        storageKey: 'k',
        purpose: 'attachment',
      })
      .returning();
    await t.database.db.insert(attachments).values({
      collection: 'drafts',
      documentId: draft.id,
      fileId: file?.id ?? '',
      name: 'terms.pdf',
      position: 1,
    });

    const response = await send(draft.id, workspace.id);
    expect(response.statusCode).toBe(202);
    const { que } = response.json();
    expect(que).toMatchObject({ step: 'queued', errorMessage: null });
    expect(que.progress).toBeGreaterThanOrEqual(5);

    const queue = await waitUntilSent(draft.id);
    expect(queue.progress).toBe(100);
    expect(await credits(workspace.id)).toBe(4);
    const ledger = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.workspaceId, workspace.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      product: 'send',
      spend: 6,
      amountChange: -6,
      balanceAfter: 4,
      documentId: draft.id,
      documentTitle: 'Supply agreement',
      documentProcess: 'negotiate',
    });

    const made = await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id));
    expect(made).toHaveLength(2);
    const receivers = draft.receivers;
    for (const receiverRow of receivers) {
      const deal = made.find((d) => d.draftReceiverId === receiverRow.id);
      expect(deal).toMatchObject({
        title: 'Supply agreement',
        state: 'new',
        process: 'negotiate',
        sentBy: sender.id,
        workspaceId: workspace.id,
        receiverValidated: false,
        parties: { sender: seller, receiver: receiverRow.party },
        negotiationStats: { approved: 0, open: 2 },
      });
      expect(deal?.contractUid).toBe(
        `DSSEL${receiverRow.party.name.replace(/\s/g, '').slice(0, 3)}${deal?.id.slice(0, 4)}`.toUpperCase(),
      );
      const sections = await t.database.db
        .select()
        .from(dealSections)
        .where(eq(dealSections.dealId, deal?.id ?? ''));
      expect(sections).toHaveLength(4);
      const delivery = sections.find((s) => s.title === 'Delivery');
      expect(delivery).toMatchObject({ state: 'sent', stateParty: 'sender' });
      expect(delivery?.log).toEqual([
        expect.objectContaining({
          state: 'sent',
          party: 'sender',
          userId: sender.id,
          contentId: 'b',
        }),
      ]);
      const place = sections.find((s) => s.title === 'Place');
      expect(place?.parentId).toBe(delivery?.id);
      const dealFiles = await t.database.db
        .select()
        .from(attachments)
        .where(
          and(eq(attachments.collection, 'deals'), eq(attachments.documentId, deal?.id ?? '')),
        );
      expect(dealFiles.map((a) => [a.name, a.fileId])).toEqual([['terms.pdf', file?.id]]);
      const access = await t.database.db
        .select()
        .from(documentAccess)
        .where(
          and(
            eq(documentAccess.collection, 'deals'),
            eq(documentAccess.documentId, deal?.id ?? ''),
          ),
        );
      expect(access.map((a) => [a.userId, a.role, a.party]).sort()).toEqual(
        [
          [sender.id, 'edit', 'sender'],
          [colleague.id, 'edit', 'sender'],
        ].sort(),
      );
      const [stored] = await t.database.db
        .select()
        .from(draftReceivers)
        .where(eq(draftReceivers.id, receiverRow.id));
      expect(stored).toMatchObject({
        dealId: deal?.id,
        status: 'sent',
        contractUid: deal?.contractUid,
      });
    }

    const invites = await t.database.db
      .select()
      .from(dealInvites)
      .where(eq(dealInvites.dealId, made[0]?.id ?? ''));
    expect(invites).toHaveLength(1);
    const allEmails = receivers.flatMap((r) => r.emails.map((e) => e.email));
    const mails = await eventually(async () => {
      const list = (await outbox()).filter((m) => allEmails.includes(m.to));
      return list.length === 2 ? list : undefined;
    });
    for (const mail of mails) {
      expect(mail.subject).toContain('sent you the contract "Supply agreement"');
      expect(mail.text).toContain('Looking forward to it');
      const [invite] = await t.database.db
        .select()
        .from(dealInvites)
        .where(eq(dealInvites.email, mail.to));
      expect(invite?.shortId.length).toBeGreaterThanOrEqual(22);
      expect(mail.text).toContain(`http://localhost:3000/document/invite/${invite?.shortId}`);
    }
    // The mailer accepted them: new → delivered.
    await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(dealInvites)
        .where(eq(dealInvites.dealId, made[1]?.id ?? ''));
      return rows.every((r) => r.mailStatus === 'delivered') ? true : undefined;
    });

    const listed = await api('GET', `/drafts/${draft.id}/deals`, colleague);
    expect(
      listed
        .json()
        .deals.map((d: { receiverName: string }) => d.receiverName)
        .sort(),
    ).toEqual(['Buyer Ab', 'Other Buyer Oy']);
    const sent = (await api('GET', '/sent', sender)).json().drafts;
    expect(sent[0]).toMatchObject({
      id: draft.id,
      sentCount: 2,
      closedCount: 0,
      displayState: 'open',
    });
    const drafts = (await api('GET', '/drafts', sender)).json().drafts as { id: string }[];
    expect(drafts.some((d) => d.id === draft.id)).toBe(false);
    expect((await api('GET', `/drafts/${draft.id}/queue`, sender)).json()).toMatchObject({
      step: 'done',
      progress: 100,
    });
    // A sent draft no longer changes.
    const late = await api('PATCH', `/drafts/${draft.id}`, sender, { title: 'Later' });
    expect(late.statusCode).toBe(409);
  });

  it('sends once when the same draft is sent twice at the same time', async () => {
    const workspace = await createWorkspace(t.database.db, {
      memberIds: [sender.id],
      credits: 10,
    });
    const draft = await readyDraft();
    const [a, b] = await Promise.all([send(draft.id, workspace.id), send(draft.id, workspace.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.message).toBe('This draft has already been sent.');
    await waitUntilSent(draft.id);
    expect(await credits(workspace.id)).toBe(8);
    expect(
      await t.database.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.workspaceId, workspace.id)),
    ).toHaveLength(1);
    expect(
      await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id)),
    ).toHaveLength(2);
    // And again later: still refused, nothing charged.
    expect((await send(draft.id, workspace.id)).statusCode).toBe(409);
    expect(await credits(workspace.id)).toBe(8);
  });

  it('does not charge the demo workspace', async () => {
    await t.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: DEMO_WORKSPACE_ID, userId: sender.id, role: 'view' })
      .onConflictDoNothing();
    const draft = await readyDraft({ price: 50 });
    expect((await send(draft.id, DEMO_WORKSPACE_ID)).statusCode).toBe(202);
    await waitUntilSent(draft.id);
    expect(await credits(DEMO_WORKSPACE_ID)).toBe(0);
    expect(
      await t.database.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.workspaceId, DEMO_WORKSPACE_ID)),
    ).toHaveLength(0);
  });
});

describe('who reaches the deals of a sent draft', () => {
  it('is everyone the draft is shared with, on the sender’s side with the same role', async () => {
    const db = t.database.db;
    const [viewer, member, groupMember, outsider] = await createUsers(t.platform, 4);
    const workspace = await createWorkspace(db, { memberIds: [sender.id], credits: 10 });
    const team = await createWorkspace(db, { memberIds: [member.id], credits: 0 });
    const [group] = await db
      .insert(workspaceGroups)
      .values({ workspaceId: team.id, name: 'Legal' })
      .returning();
    const groupId = group?.id ?? '';
    await db.insert(workspaceGroupMembers).values({ groupId, userId: groupMember.id });
    const draft = await readyDraft();
    const pendingEmail = uniqueEmail('later');
    const shared = {
      collection: 'drafts' as const,
      documentId: draft.id,
      party: 'sender' as const,
    };
    await db.insert(documentAccess).values([
      { ...shared, userId: viewer.id, role: 'view' },
      { ...shared, workspaceId: team.id, role: 'view' },
      { ...shared, groupId, role: 'edit' },
      { ...shared, email: pendingEmail, role: 'view' },
    ]);
    expect((await send(draft.id, workspace.id)).statusCode).toBe(202);
    await waitUntilSent(draft.id);

    const made = await db.select().from(deals).where(eq(deals.draftId, draft.id));
    expect(made).toHaveLength(2);
    for (const deal of made) {
      const entries = await db
        .select()
        .from(documentAccess)
        .where(and(eq(documentAccess.collection, 'deals'), eq(documentAccess.documentId, deal.id)));
      expect(
        entries.map((e) => ({
          userId: e.userId,
          email: e.userId ? null : e.email,
          workspaceId: e.workspaceId,
          groupId: e.groupId,
          role: e.role,
          party: e.party,
        })),
      ).toEqual(
        expect.arrayContaining([
          {
            userId: sender.id,
            email: null,
            workspaceId: null,
            groupId: null,
            role: 'edit',
            party: 'sender',
          },
          {
            userId: viewer.id,
            email: null,
            workspaceId: null,
            groupId: null,
            role: 'view',
            party: 'sender',
          },
          {
            userId: null,
            email: null,
            workspaceId: team.id,
            groupId: null,
            role: 'view',
            party: 'sender',
          },
          { userId: null, email: null, workspaceId: null, groupId, role: 'edit', party: 'sender' },
          {
            userId: null,
            email: pendingEmail,
            workspaceId: null,
            groupId: null,
            role: 'view',
            party: 'sender',
          },
        ]),
      );
      expect(entries).toHaveLength(5);
    }

    const [deal] = made;
    const dealId = deal?.id ?? '';
    // The view user reads the deal as the sender's side but cannot change it.
    const viewed = await api('GET', `/deals/${dealId}`, viewer);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({ myParty: 'sender', role: 'view' });
    expect((await api('PATCH', `/deals/${dealId}`, viewer, { title: 'Mine' })).statusCode).toBe(
      403,
    );
    // The workspace's member reads it; the group's member edits it; others do not see it.
    expect((await api('GET', `/deals/${dealId}`, member)).statusCode).toBe(200);
    expect((await api('PATCH', `/deals/${dealId}`, member, { title: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await api('GET', `/deals/${dealId}`, groupMember)).json()).toMatchObject({
      myParty: 'sender',
      role: 'edit',
    });
    expect((await api('GET', `/deals/${dealId}`, outsider)).statusCode).toBe(404);
    expect((await api('GET', `/deals/${dealId}`, otherWorkspaceUser)).statusCode).toBe(404);
  });
});

describe('the send progress live', () => {
  it('is announced on draft:<id> to its readers only, with ids and no content', async () => {
    const workspace = await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 9 });
    const draft = await readyDraft();
    const topic = `draft:${draft.id}`;
    const mine = await openLive(liveUrl, { origin: ORIGIN, cookie: sender.cookie });
    const theirs = await openLive(liveUrl, { origin: ORIGIN, cookie: stranger.cookie });
    clients.push(mine, theirs);
    mine.send({ type: 'subscribe', topic });
    await mine.next((m) => m.type === 'subscribed' && m.topic === topic);
    theirs.send({ type: 'subscribe', topic });
    expect(await theirs.next((m) => m.type === 'error' && m.topic === topic)).toMatchObject({
      code: 'forbidden',
    });
    expect((await send(draft.id, workspace.id)).statusCode).toBe(202);
    await waitUntilSent(draft.id);
    await mine.next((m) => m.type === 'event' && m.event.type === 'queue.changed');
    const events = mine.messages.filter((m) => m.type === 'event');
    expect(events.every((m) => m.type === 'event' && m.event.topic === topic)).toBe(true);
    expect(JSON.stringify(events)).not.toContain('Buyer Ab');
  });
});

describe('what stops a send', () => {
  async function expectUnsent(draftId: string, workspaceId: string, creditsBefore: number) {
    const [row] = await t.database.db.select().from(drafts).where(eq(drafts.id, draftId));
    expect(row?.sentAt).toBeNull();
    expect(
      await t.database.db.select().from(draftQueues).where(eq(draftQueues.draftId, draftId)),
    ).toHaveLength(0);
    expect(await credits(workspaceId)).toBe(creditsBefore);
  }

  it('refuses insufficient credits with its code and changes nothing', async () => {
    const workspace = await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 3 });
    const draft = await readyDraft({ price: 2 });
    const response = await send(draft.id, workspace.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'insufficient_credits',
      message: 'Insufficient credits for this billing account.',
      params: {},
    });
    await expectUnsent(draft.id, workspace.id, 3);
  });

  it('needs the sender’s name and valid receivers', async () => {
    const workspace = await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 9 });
    const nameless = await readyDraft({ senderName: ' ' });
    const noName = await send(nameless.id, workspace.id);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Please complete all required fields.');
    const none = await readyDraft({ receivers: [] });
    const noReceivers = await send(none.id, workspace.id);
    expect(noReceivers.statusCode).toBe(400);
    expect(noReceivers.json().error.message).toBe('Please add at least one valid receiver.');
    const short = await readyDraft({ receivers: [{ name: 'B', emails: ['b@x.fi'] }] });
    expect((await send(short.id, workspace.id)).statusCode).toBe(400);
    const mailless = await readyDraft({ receivers: [{ name: 'Buyer', emails: ['nonsense'] }] });
    expect((await send(mailless.id, workspace.id)).statusCode).toBe(400);
    const unconfirmed = await api('POST', `/drafts/${short.id}/send`, sender, {
      workspaceId: workspace.id,
      dealProcess: 'negotiate',
      isConfirmed: false,
    });
    expect(unconfirmed.statusCode).toBe(400);
    await expectUnsent(nameless.id, workspace.id, 9);
  });

  it('needs a complete sender party: a person’s e-mail, well formed when saved', async () => {
    const workspace = await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 9 });
    // Saved while typed (no e-mail yet), but not sent that way; nothing is charged.
    const mailless = await readyDraft({ senderParty: { type: 'person', name: 'Mia Myyjä' } });
    const refused = await send(mailless.id, workspace.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'sender_details_required',
      message: 'Please complete all required fields.',
      params: {},
    });
    await expectUnsent(mailless.id, workspace.id, 9);

    // A malformed e-mail is refused when saved, with the field's message; nothing changes.
    const malformed = await api('PATCH', `/drafts/${mailless.id}`, sender, {
      parties: {
        sender: { type: 'person', name: 'Mia Myyjä', email: 'mia@myyja' },
        receiver: { type: 'business', name: '' },
      },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({
      'parties.sender.email': 'Invalid email address',
    });
    const [stored] = await t.database.db.select().from(drafts).where(eq(drafts.id, mailless.id));
    expect(stored?.parties.sender).toEqual({ type: 'person', name: 'Mia Myyjä' });
    // Nor does a receiver's party take one.
    const badReceiver = await api('PUT', `/drafts/${mailless.id}/receivers`, sender, {
      receivers: [
        { party: { type: 'person', name: 'Bo', email: 'bo@' }, emails: [uniqueEmail('bo')] },
      ],
    });
    expect(badReceiver.statusCode).toBe(400);
    expect(badReceiver.json().error.fields).toEqual({
      'receivers.0.party.email': 'Invalid email address',
    });

    // Completed: sent, with the person's details on the deal.
    const person = { type: 'person', name: 'Mia Myyjä', email: 'mia@myyja.fi' };
    const complete = await api('PATCH', `/drafts/${mailless.id}`, sender, {
      parties: { sender: person, receiver: { type: 'business', name: '' } },
    });
    expect(complete.statusCode).toBe(200);
    expect((await send(mailless.id, workspace.id)).statusCode).toBe(202);
    await waitUntilSent(mailless.id);
    const made = await t.database.db.select().from(deals).where(eq(deals.draftId, mailless.id));
    expect(made.map((deal) => deal.parties.sender)).toEqual([person, person]);
    expect(await credits(workspace.id)).toBe(7);
  });

  it('refuses the sign process while required-highlight text is left', async () => {
    const workspace = await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 9 });
    const draft = await readyDraft();
    const detail = (await api('GET', `/drafts/${draft.id}`, sender)).json() as DraftDetail;
    const delivery = detail.sections.find((s) => s.title === 'Delivery');
    await t.database.db
      .update(draftSections)
      .set({ content: [{ id: 'b', html: '<p>In <mark data-required="">__</mark> days</p>' }] })
      .where(eq(draftSections.id, delivery?.id ?? ''));
    const response = await api('POST', `/drafts/${draft.id}/send`, sender, {
      workspaceId: workspace.id,
      dealProcess: 'sign',
      isConfirmed: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('"Delivery"');
    await expectUnsent(draft.id, workspace.id, 9);
  });

  it('needs a verified workspace the sender belongs to', async () => {
    const unverified = await createWorkspace(t.database.db, {
      memberIds: [sender.id],
      credits: 9,
      isVerified: false,
    });
    const draft = await readyDraft();
    const response = await send(draft.id, unverified.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('This billing account is waiting for review.');
    const foreign = await createWorkspace(t.database.db, { memberIds: [stranger.id], credits: 9 });
    expect((await send(draft.id, foreign.id)).statusCode).toBe(404);
    await expectUnsent(draft.id, foreign.id, 9);
  });

  it('refuses strangers, users of another workspace and viewers', async () => {
    const workspace = await createWorkspace(t.database.db, {
      memberIds: [sender.id, stranger.id],
      credits: 9,
    });
    const draft = await readyDraft();
    expect((await send(draft.id, workspace.id, stranger)).statusCode).toBe(404);
    const [otherWorkspace] = await t.database.db
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, otherWorkspaceUser.id));
    expect((await send(draft.id, otherWorkspace?.id ?? '', otherWorkspaceUser)).statusCode).toBe(
      404,
    );
    await t.database.db.insert(documentAccess).values({
      collection: 'drafts',
      documentId: draft.id,
      userId: receiver.id,
      role: 'view',
      party: 'sender',
    });
    expect((await send(draft.id, workspace.id, receiver)).statusCode).toBe(403);
    expect((await api('GET', `/drafts/${draft.id}/deals`, stranger)).statusCode).toBe(404);
    expect((await api('GET', `/drafts/${draft.id}/queue`, otherWorkspaceUser)).statusCode).toBe(
      404,
    );
    expect((await api('GET', '/sent', stranger)).json().drafts).toEqual([]);
    await expectUnsent(draft.id, workspace.id, 9);
  });
});

describe('invites of a sent deal', () => {
  let dealId: string;
  let firstEmail: string;

  beforeAll(async () => {
    const workspace = await createWorkspace(t.database.db, {
      memberIds: [sender.id],
      credits: 10,
    });
    firstEmail = uniqueEmail('first');
    const draft = await readyDraft({ receivers: [{ name: 'Buyer Ab', emails: [firstEmail] }] });
    expect((await send(draft.id, workspace.id)).statusCode).toBe(202);
    await waitUntilSent(draft.id);
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id));
    dealId = deal?.id ?? '';
  });

  it('lists the invites with their status and link, to the sender only', async () => {
    const response = await api('GET', `/deals/${dealId}/invites`, sender);
    expect(response.statusCode).toBe(200);
    const [invite] = response.json().invites;
    expect(invite).toMatchObject({ email: firstEmail });
    expect(invite.link).toMatch(/^http:\/\/localhost:3000\/document\/invite\/[\w-]{22,}$/);
    expect((await api('GET', `/deals/${dealId}/invites`, stranger)).statusCode).toBe(404);
    expect((await api('GET', `/deals/${dealId}/invites`, otherWorkspaceUser)).statusCode).toBe(404);
  });

  it('adds invites with the dialog’s checks, lower-cased, and mails them', async () => {
    const check = async (emails: string[], message: string) => {
      const response = await api('POST', `/deals/${dealId}/invites`, sender, { emails });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    };
    await check([], 'Please type at least one email address');
    await check(['fine@x.fi', 'broken@'], 'Invalid email address: broken@');
    await check(
      [firstEmail.toUpperCase()],
      'Already invited exist in the new receivers addresses.',
    );
    await check(
      ['dup@x.fi', 'DUP@x.fi'],
      'dup@x.fi is already invited. Please remove double invite.',
    );
    const added = uniqueEmail('Added').replace('added', 'ADDED');
    const response = await api('POST', `/deals/${dealId}/invites`, sender, { emails: [added] });
    expect(response.statusCode).toBe(201);
    expect(response.json().invites.map((i: { email: string }) => i.email)).toContain(
      added.toLowerCase(),
    );
    await eventually(async () =>
      (await outbox()).some((m) => m.to === added.toLowerCase()) ? true : undefined,
    );
    for (const outsider of [stranger, otherWorkspaceUser]) {
      expect(
        (await api('POST', `/deals/${dealId}/invites`, outsider, { emails: ['s@x.fi'] }))
          .statusCode,
      ).toBe(404);
    }
  });

  /** Invites `email` to the deal and waits until its mail is delivered; the invite's id. */
  async function deliveredInvite(email: string): Promise<string> {
    await api('POST', `/deals/${dealId}/invites`, sender, { emails: [email] });
    const [invite] = await t.database.db
      .select()
      .from(dealInvites)
      .where(eq(dealInvites.email, email));
    const id = invite?.id ?? '';
    await eventually(async () => {
      const [row] = await t.database.db.select().from(dealInvites).where(eq(dealInvites.id, id));
      return row?.mailStatus === 'delivered' ? row : undefined;
    });
    return id;
  }

  it('resends new and failed invites only, and removes only new ones', async () => {
    const email = uniqueEmail('resend');
    const id = await deliveredInvite(email);
    const [invite] = await t.database.db.select().from(dealInvites).where(eq(dealInvites.id, id));
    // Delivered: neither resent nor removed.
    expect((await api('POST', `/invites/${id}/resend`, sender)).statusCode).toBe(409);
    const removeDelivered = await api('DELETE', `/invites/${id}`, sender);
    expect(removeDelivered.statusCode).toBe(409);
    expect(removeDelivered.json().error.message).toBe(
      'Only invites that have not been sent can be removed.',
    );
    // Bounced: resent, a second mail goes out, status new again.
    await t.database.db
      .update(dealInvites)
      .set({ mailStatus: 'bounced' })
      .where(eq(dealInvites.id, id));
    expect((await api('POST', `/invites/${id}/resend`, stranger)).statusCode).toBe(404);
    expect((await api('POST', `/invites/${id}/resend`, otherWorkspaceUser)).statusCode).toBe(404);
    expect((await api('POST', `/invites/${id}/resend`, sender)).statusCode).toBe(204);
    await eventually(async () =>
      (await outbox()).filter((m) => m.to === email).length === 2 ? true : undefined,
    );
    // New: removed, and its link stops working.
    await t.database.db
      .update(dealInvites)
      .set({ mailStatus: 'new' })
      .where(eq(dealInvites.id, id));
    expect((await api('DELETE', `/invites/${id}`, stranger)).statusCode).toBe(404);
    expect((await api('DELETE', `/invites/${id}`, otherWorkspaceUser)).statusCode).toBe(404);
    expect((await api('DELETE', `/invites/${id}`, sender)).statusCode).toBe(204);
    const listed = (await api('GET', `/deals/${dealId}/invites`, sender)).json().invites;
    expect(listed.some((i: { id: string }) => i.id === id)).toBe(false);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invites/invite/${invite?.shortId}`,
    });
    expect(link.statusCode).toBe(410);
  });

  /** Invites `email` to the deal, waits for its mail, then sets it back to new; its id. */
  async function newInviteWithMailSent(email: string): Promise<string> {
    const id = await deliveredInvite(email);
    await t.database.db
      .update(dealInvites)
      .set({ mailStatus: 'new' })
      .where(eq(dealInvites.id, id));
    return id;
  }

  it('resends an invite still new (its mail not yet out)', async () => {
    const email = uniqueEmail('pending');
    // As if its mail had not gone out yet: status new.
    const id = await newInviteWithMailSent(email);
    expect((await api('POST', `/invites/${id}/resend`, sender)).statusCode).toBe(204);
    await eventually(async () =>
      (await outbox()).filter((m) => m.to === email).length === 2 ? true : undefined,
    );
  });

  it('neither resends nor removes invites of a deal in signing, signed or trashed', async () => {
    const email = uniqueEmail('closed');
    // Otherwise both would be allowed: a new invite.
    const id = await newInviteWithMailSent(email);
    try {
      for (const state of ['in-signing', 'signed', 'trash'] as const) {
        await t.database.db.update(deals).set({ state }).where(eq(deals.id, dealId));
        const resend = await api('POST', `/invites/${id}/resend`, sender);
        expect(resend.statusCode).toBe(409);
        expect(resend.json().error.message).toBe('The deal is closed.');
        const remove = await api('DELETE', `/invites/${id}`, sender);
        expect(remove.statusCode).toBe(409);
        expect(remove.json().error.message).toBe('The deal is closed.');
      }
      const [row] = await t.database.db.select().from(dealInvites).where(eq(dealInvites.id, id));
      expect(row).toMatchObject({ mailStatus: 'new', revokedAt: null });
      expect((await outbox()).filter((m) => m.to === email)).toHaveLength(1);
    } finally {
      await t.database.db.update(deals).set({ state: 'new' }).where(eq(deals.id, dealId));
    }
  });

  it('closes invites on a deal in signing', async () => {
    await t.database.db.update(deals).set({ state: 'in-signing' }).where(eq(deals.id, dealId));
    const response = await api('POST', `/deals/${dealId}/invites`, sender, {
      emails: ['late@x.fi'],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('The deal is closed.');
    await t.database.db.update(deals).set({ state: 'new' }).where(eq(deals.id, dealId));
  });

  it('gives the claimant receiver access; the receiver validates their details', async () => {
    const [invite] = await t.database.db
      .select()
      .from(dealInvites)
      .where(eq(dealInvites.email, firstEmail));
    const opened = await api('POST', `/invites/invite/${invite?.shortId}/claim`, receiver);
    expect(opened.json()).toMatchObject({ outcome: 'open' });
    const [access] = await t.database.db
      .select()
      .from(documentAccess)
      .where(
        and(
          eq(documentAccess.collection, 'deals'),
          eq(documentAccess.documentId, dealId),
          eq(documentAccess.userId, receiver.id),
        ),
      );
    expect(access).toMatchObject({ role: 'edit', party: 'receiver' });

    // The receiver's side is established: the sender adds no one to it any more.
    const late = await api('POST', `/deals/${dealId}/invites`, sender, {
      emails: ['colleague@buyer.test'],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'The receiver has joined this contract. They add people to their side themselves.',
    );

    // The receiver is not the sender: no invite management.
    expect((await api('GET', `/deals/${dealId}/invites`, receiver)).statusCode).toBe(403);
    // The deal tells doc-load that the receiver has not confirmed their details yet.
    expect((await api('GET', `/deals/${dealId}`, receiver)).json()).toMatchObject({
      myParty: 'receiver',
      receiverValidated: false,
    });
    // The sender cannot validate the receiver's details; a stranger does not see the deal.
    const party = { type: 'business', name: 'Buyer Ab Ltd', vat: 'SE123' };
    expect(
      (await api('POST', `/deals/${dealId}/receiver-details`, sender, { party })).statusCode,
    ).toBe(403);
    for (const outsider of [stranger, otherWorkspaceUser]) {
      expect(
        (await api('POST', `/deals/${dealId}/receiver-details`, outsider, { party })).statusCode,
      ).toBe(404);
    }
    // A view-only member of the receiver's side cannot change its details.
    const viewer = await createUser(t.platform);
    await t.database.db.insert(documentAccess).values({
      collection: 'deals',
      documentId: dealId,
      userId: viewer.id,
      role: 'view',
      party: 'receiver',
    });
    const byViewer = await api('POST', `/deals/${dealId}/receiver-details`, viewer, { party });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error.message).toBe(
      'Only a member of the receiving party with edit access can change its details.',
    );
    expect((await t.database.db.select().from(deals).where(eq(deals.id, dealId)))[0]).toMatchObject(
      { receiverValidated: false },
    );
    const invalid = await api('POST', `/deals/${dealId}/receiver-details`, receiver, {
      party: { type: 'business', name: '' },
    });
    expect(invalid.statusCode).toBe(400);
    const validated = await api('POST', `/deals/${dealId}/receiver-details`, receiver, { party });
    expect(validated.statusCode).toBe(200);
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ receiverValidated: true, parties: { receiver: party } });
    expect((await api('GET', `/deals/${dealId}`, receiver)).json()).toMatchObject({
      receiverValidated: true,
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, receiver.id));
    expect(user?.company).toMatchObject({ name: 'Buyer Ab Ltd', vat: 'SE123' });
  });
});

import { randomUUID } from 'node:crypto';
import { addDays, dateIn, zoneOrDefault } from '@pactum/core/schedule';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveAccess,
  archiveItems,
  dealSigners,
  deals,
  documentAccess,
  documentAlerts,
  documentEvents,
  draftReceivers,
  drafts,
  users,
  workspaceMembers,
} from '../../db/schema';
import { countHome } from '../../documents/counters';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspaceWith, insertDeal, insertDealAccess } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { addGroup } from '../archive/test-kit';

/*
 * The dashboard home's widgets (spec 1 §2, §4, §7, §9): each answers the right items in the
 * right order within its limit, leaves out what it must, and holds nothing from a deal, draft
 * or file the caller cannot see. Data is written straight to the tables, as the sending,
 * signing and archive features leave it, so the file stays fast.
 */

let t: TestApp;
const api = apiAs(() => t.app);
const db = () => t.database.db;

type Item = { id: string; [key: string]: unknown };
type Widget = { items: Item[]; hasMore: boolean };

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
});
afterAll(() => t?.close());

async function get<T = Widget>(url: string, user: TestUser | undefined): Promise<T> {
  const response = await api('GET', url, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const documents = (group: string, user: TestUser) =>
  get(`/dashboard/documents?group=${group}`, user);
const toSign = (user: TestUser) => get<{ items: Item[] }>('/dashboard/to-sign', user);
const alerts = (user: TestUser) => get('/dashboard/alerts', user);
const feed = (user: TestUser) => get<{ items: Item[] }>('/dashboard/changes', user);
const ids = (widget: { items: Item[] }) => widget.items.map((item) => item.id);
const nameOf = (user: TestUser) => `${user.firstname} ${user.lastname}`;

/** A moment `minutes` after a fixed base, so orders never depend on how fast the test runs. */
const BASE = Date.parse('2030-01-01T00:00:00Z');
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

/** A bare deal the sender (and the receiver, when given) reach, created and modified `at`. */
async function dealOf(options: {
  sender: TestUser;
  receiver?: TestUser;
  state?: (typeof deals.$inferSelect)['state'];
  title?: string;
  createdAt?: Date;
  modifiedAt?: Date;
  signingStartedAt?: Date;
  workspaceId?: string;
}): Promise<string> {
  const deal = await insertDeal(db(), {
    sentBy: options.sender.id,
    title: options.title ?? `Deal ${randomUUID().slice(0, 6)}`,
    state: options.state ?? 'negotiate',
  });
  await db()
    .update(deals)
    .set({
      createdAt: options.createdAt ?? at(0),
      modifiedAt: options.modifiedAt ?? options.createdAt ?? at(0),
      signingStartedAt: options.signingStartedAt ?? null,
    })
    .where(eq(deals.id, deal.id));
  await insertDealAccess(db(), deal.id, {
    sender: options.sender,
    ...(options.receiver ? { receiver: options.receiver } : {}),
    ...(options.workspaceId
      ? { workspaceAccess: { workspaceId: options.workspaceId, role: 'view' } }
      : {}),
  });
  return deal.id;
}

/** A signer slot on the deal: bound to `user`, or unbound naming `email`. */
async function slotOf(options: {
  dealId: string;
  user?: TestUser;
  email?: string;
  party?: 'sender' | 'receiver';
  state?: 'new' | 'signed';
  isRevoked?: boolean;
}): Promise<string> {
  const [slot] = await db()
    .insert(dealSigners)
    .values({
      shortId: randomUUID().replaceAll('-', '').slice(0, 16),
      dealId: options.dealId,
      party: options.party ?? 'receiver',
      firstname: 'Signer',
      lastname: options.user?.lastname ?? 'Unbound',
      email: options.user?.email ?? options.email ?? 'nobody@example.test',
      userId: options.user?.id ?? null,
      state: options.state ?? 'new',
      revokedAt: options.isRevoked ? new Date() : null,
    })
    .returning({ id: dealSigners.id });
  if (!slot) throw new Error('no slot');
  return slot.id;
}

/** A draft of `owner` (their own access row), modified `at`; `workspaceId` shares it. */
async function draftOf(options: {
  owner: TestUser;
  title?: string;
  modifiedAt?: Date;
  sentAt?: Date;
  deletedAt?: Date;
  dealProcess?: 'pdf' | 'negotiate';
  receiverName?: string;
  workspaceId?: string;
}): Promise<string> {
  const [draft] = await db()
    .insert(drafts)
    .values({
      title: options.title ?? `Draft ${randomUUID().slice(0, 6)}`,
      createdBy: options.owner.id,
      createdAt: at(-1000),
      modifiedAt: options.modifiedAt ?? at(0),
      sentAt: options.sentAt ?? null,
      deletedAt: options.deletedAt ?? null,
      dealProcess: options.dealProcess ?? null,
      parties: {
        sender: { type: 'business', name: 'Draft Seller' },
        receiver: { type: 'business', name: '' },
      },
    })
    .returning({ id: drafts.id });
  if (!draft) throw new Error('no draft');
  await db()
    .insert(documentAccess)
    .values(
      options.workspaceId
        ? {
            collection: 'drafts',
            documentId: draft.id,
            workspaceId: options.workspaceId,
            role: 'edit',
          }
        : { collection: 'drafts', documentId: draft.id, userId: options.owner.id, role: 'edit' },
    );
  if (options.receiverName) {
    await db()
      .insert(draftReceivers)
      .values({ draftId: draft.id, party: { type: 'business', name: options.receiverName } });
  }
  return draft.id;
}

/** A document event as the services log it, at a chosen time. */
async function eventOf(options: {
  collection?: 'deals' | 'drafts';
  documentId: string;
  event: string;
  user: TestUser | null;
  minutes: number;
  party?: 'sender' | 'receiver';
  data?: Record<string, unknown>;
}): Promise<string> {
  const [row] = await db()
    .insert(documentEvents)
    .values({
      collection: options.collection ?? 'deals',
      documentId: options.documentId,
      event: options.event,
      userId: options.user?.id ?? null,
      party: options.party ?? null,
      data: options.data ?? {},
      createdAt: at(options.minutes),
    })
    .returning({ id: documentEvents.id });
  if (!row) throw new Error('no event');
  return row.id;
}

/** An archive file of the workspace (or of its groups), live unless `isDeleted`. */
async function fileOf(options: {
  workspaceId: string;
  groupIds?: string[];
  name?: string;
  isDeleted?: boolean;
}): Promise<string> {
  const [item] = await db()
    .insert(archiveItems)
    .values({
      type: 'file',
      name: options.name ?? `file-${randomUUID().slice(0, 6)}.pdf`,
      workspaceId: options.workspaceId,
      scope: options.groupIds ? 'groups' : 'workspace',
      groupIds: options.groupIds ?? [],
      deletedAt: options.isDeleted ? new Date() : null,
    })
    .returning({ id: archiveItems.id });
  if (!item) throw new Error('no item');
  return item.id;
}

/** A pending alert on the file for these recipients, dated `date`. */
async function alertOf(options: {
  itemId: string;
  date: string;
  users: TestUser[];
  subject?: string;
  isAlerted?: boolean;
}): Promise<string> {
  const [row] = await db()
    .insert(documentAlerts)
    .values({
      itemId: options.itemId,
      date: options.date,
      dueAt: new Date(`${options.date}T08:00:00Z`),
      emails: options.users.map((user) => user.email),
      subject: options.subject ?? `Alert ${options.date}`,
      alertUserIds: options.users.map((user) => user.id),
      alertedAt: options.isAlerted ? new Date() : null,
    })
    .returning({ id: documentAlerts.id });
  if (!row) throw new Error('no alert');
  return row.id;
}

describe('refusals', () => {
  it('answers no widget signed out', async () => {
    for (const url of [
      '/dashboard/documents?group=recent',
      '/dashboard/to-sign',
      '/dashboard/alerts',
      '/dashboard/changes',
    ]) {
      expect((await api('GET', url, undefined)).statusCode, url).toBe(401);
    }
  });

  it('refuses a group the home does not have with the spec’s text', async () => {
    const user = await createUser(t.platform);
    for (const group of ['bogus', 'archived', 'RECENT']) {
      const response = await api('GET', `/dashboard/documents?group=${group}`, user);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'unsupported_group',
        message: 'Unsupported collection/group combination',
      });
    }
  });
});

describe('deal group widgets', () => {
  it('show the group’s 5 newest created deals, as the list and the drawer count them', async () => {
    const [sender, receiver] = await createUsers(t.platform, 2);
    const negotiations: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      negotiations.push(
        await dealOf({
          sender,
          receiver,
          title: `Negotiation ${index}`,
          state: index === 0 ? 'new' : 'negotiate',
          createdAt: at(index),
          // Modified in the opposite order: the deal groups go by creation.
          modifiedAt: at(100 - index),
        }),
      );
    }
    const signed = await dealOf({ sender, receiver, state: 'signed', createdAt: at(50) });
    const trashed = await dealOf({ sender, receiver, state: 'trash', createdAt: at(51) });
    const signing = await dealOf({ sender, receiver, state: 'in-signing', createdAt: at(52) });

    const widget = await documents('negotiate', sender);
    const newestFive = negotiations.slice(2).reverse();
    expect(ids(widget)).toEqual(newestFive);
    expect(widget.hasMore).toBe(true);
    expect(widget.items[0]).toEqual({
      kind: 'deal',
      id: negotiations[6],
      title: 'Negotiation 6',
      senderName: 'Seller Oy',
      receiverName: 'Buyer Ab',
      state: 'negotiate',
      myParty: 'sender',
      createdAt: at(6).toISOString(),
      modifiedAt: at(94).toISOString(),
    });
    expect((await documents('negotiate', receiver)).items[0]?.myParty).toBe('receiver');

    // The full list starts with the same five; the drawer counts all seven.
    const list = await get<{ deals: Item[]; total: number }>(
      '/deals?group=negotiate&pageSize=10',
      sender,
    );
    expect(list.deals.map((deal) => deal.id).slice(0, 5)).toEqual(newestFive);
    expect(list.total).toBe(7);
    expect(await countHome(db(), sender.id)).toMatchObject({
      negotiate: 7,
      signed: 1,
      trash: 1,
      waiting: 1,
      sign: 0,
    });

    expect(await documents('signed', sender)).toEqual({
      items: [expect.objectContaining({ id: signed, state: 'signed' })],
      hasMore: false,
    });
    expect(ids(await documents('trash', sender))).toEqual([trashed]);
    expect(ids(await documents('waiting', sender))).toEqual([signing]);
    expect(await documents('sign', sender)).toEqual({ items: [], hasMore: false });
  });

  it('split deals in signing by whether the caller still has a signature to give', async () => {
    const [sender, receiver] = await createUsers(t.platform, 2);
    const mine = await dealOf({ sender, receiver, state: 'in-signing', createdAt: at(1) });
    await slotOf({ dealId: mine, user: receiver });
    const byAddress = await dealOf({ sender, receiver, state: 'in-signing', createdAt: at(2) });
    await slotOf({ dealId: byAddress, email: receiver.email });
    const signedAlready = await dealOf({ sender, receiver, state: 'in-signing', createdAt: at(3) });
    await slotOf({ dealId: signedAlready, user: receiver, state: 'signed' });
    const revoked = await dealOf({ sender, receiver, state: 'in-signing', createdAt: at(4) });
    await slotOf({ dealId: revoked, user: receiver, isRevoked: true });

    expect(ids(await documents('sign', receiver))).toEqual([byAddress, mine]);
    expect(ids(await documents('waiting', receiver))).toEqual([revoked, signedAlready]);
    expect(ids(await documents('waiting', sender))).toEqual([
      revoked,
      signedAlready,
      byAddress,
      mine,
    ]);
    expect(await countHome(db(), receiver.id)).toMatchObject({ sign: 2, waiting: 2 });
  });
});

describe('Drafts and Your recent documents', () => {
  it('Drafts: the draft list’s drafts, newest modified first; sent, deleted and PDF ones left out', async () => {
    const owner = await createUser(t.platform);
    const listed: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      listed.push(
        await draftOf({
          owner,
          modifiedAt: at(index),
          ...(index === 5 ? { title: 'Newest draft', receiverName: 'Receiver Ab' } : {}),
        }),
      );
    }
    const left = [
      await draftOf({ owner, modifiedAt: at(20), sentAt: at(20) }),
      await draftOf({ owner, modifiedAt: at(21), deletedAt: at(21) }),
      await draftOf({ owner, modifiedAt: at(22), dealProcess: 'pdf' }),
    ];

    const widget = await documents('drafts', owner);
    expect(ids(widget)).toEqual(listed.slice(1).reverse());
    expect(widget.hasMore).toBe(true);
    expect(widget.items[0]).toEqual({
      kind: 'draft',
      id: listed[5],
      title: 'Newest draft',
      senderName: 'Draft Seller',
      receiverName: 'Receiver Ab',
      state: null,
      myParty: null,
      createdAt: at(-1000).toISOString(),
      modifiedAt: at(5).toISOString(),
    });
    const list = await get<{ drafts: Item[] }>('/drafts', owner);
    expect(list.drafts.map((draft) => draft.id).sort()).toEqual([...listed].sort());
    for (const id of left) expect(ids(widget)).not.toContain(id);
  });

  it('counts in the drawer the drafts the list shows, a colleague’s team draft too', async () => {
    const [owner, member] = await createUsers(t.platform, 2);
    const workspaceId = await createWorkspaceWith(db(), [owner, member]);
    const shared = await draftOf({ owner, workspaceId });
    await draftOf({ owner, workspaceId, sentAt: at(1) });
    const list = await get<{ drafts: Item[] }>('/drafts', member);
    expect(list.drafts.map((draft) => draft.id)).toEqual([shared]);
    const me = await get<{ counts: { drafts: number } }>('/me', member);
    expect(me.counts.drafts).toBe(1);
    expect(ids(await documents('drafts', member))).toEqual([shared]);
  });

  it('recent: deals of any state and drafts together, newest modified first', async () => {
    const [owner, receiver] = await createUsers(t.platform, 2);
    const oldDeal = await dealOf({ sender: owner, receiver, modifiedAt: at(1) });
    const trashDeal = await dealOf({ sender: owner, receiver, state: 'trash', modifiedAt: at(4) });
    const signedDeal = await dealOf({
      sender: owner,
      receiver,
      state: 'signed',
      modifiedAt: at(6),
    });
    const draftA = await draftOf({ owner, modifiedAt: at(2) });
    const draftB = await draftOf({ owner, modifiedAt: at(5) });
    const draftC = await draftOf({ owner, modifiedAt: at(3) });
    await draftOf({ owner, modifiedAt: at(9), sentAt: at(9) });
    await draftOf({ owner, modifiedAt: at(10), deletedAt: at(10) });

    const widget = await documents('recent', owner);
    expect(widget.items.map((item) => [item.kind, item.id])).toEqual([
      ['deal', signedDeal],
      ['draft', draftB],
      ['deal', trashDeal],
      ['draft', draftC],
      ['draft', draftA],
    ]);
    expect(widget.hasMore).toBe(true);
    expect(widget.items[0]).toMatchObject({ state: 'signed', myParty: 'sender' });
    // The receiver reaches the deals only: no 'more' beyond them.
    expect(await documents('recent', receiver)).toMatchObject({ hasMore: false });
    expect(ids(await documents('recent', receiver))).toEqual([signedDeal, trashDeal, oldDeal]);
  });
});

describe('You to sign', () => {
  it('lists the caller’s own unsigned slots, at most 20, newest signing start first', async () => {
    const [signer, sender] = await createUsers(t.platform, 2);
    const slots: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      const dealId = await dealOf({
        sender,
        receiver: signer,
        state: 'in-signing',
        title: `Signing ${index}`,
        signingStartedAt: at(index),
      });
      slots.push(await slotOf({ dealId, user: signer }));
    }
    // Not the caller's to give: signed, revoked, someone else's, a deal not in signing, and an
    // unbound slot naming their address on a deal they do not reach.
    const other = await dealOf({
      sender,
      receiver: signer,
      state: 'in-signing',
      signingStartedAt: at(90),
    });
    await slotOf({ dealId: other, user: signer, state: 'signed' });
    await slotOf({ dealId: other, user: signer, isRevoked: true });
    await slotOf({ dealId: other, user: sender, party: 'sender' });
    const negotiating = await dealOf({ sender, receiver: signer, state: 'negotiate' });
    await slotOf({ dealId: negotiating, user: signer });
    const unreached = await dealOf({ sender, state: 'in-signing', signingStartedAt: at(91) });
    await slotOf({ dealId: unreached, email: signer.email });

    const list = await toSign(signer);
    expect(list.items.map((item) => item.signerId)).toEqual(slots.slice(5).reverse());
    expect(list.items[0]).toEqual({
      signerId: slots[24],
      dealId: expect.any(String),
      title: 'Signing 24',
      senderName: 'Seller Oy',
      receiverName: 'Buyer Ab',
      party: 'receiver',
      since: at(24).toISOString(),
    });

    // An unbound slot naming the address counts on a deal the caller reaches.
    const byAddress = await dealOf({
      sender,
      receiver: signer,
      state: 'in-signing',
      signingStartedAt: at(95),
    });
    const unbound = await slotOf({ dealId: byAddress, email: signer.email });
    expect((await toSign(signer)).items[0]?.signerId).toBe(unbound);
    expect((await toSign(sender)).items).toEqual([
      expect.objectContaining({ dealId: other, party: 'sender' }),
    ]);
  });
});

describe('Upcoming Document Alerts', () => {
  it('lists pending alerts for the caller on files they open, soonest first, from today in their zone', async () => {
    const [owner, member, outsider] = await createUsers(t.platform, 3);
    // Far east: their today is never behind UTC's.
    const timeZone = 'Pacific/Kiritimati';
    await db().update(users).set({ timezone: timeZone }).where(eq(users.id, member.id));
    const workspaceId = await createWorkspaceWith(db(), [owner, member, outsider]);
    const legalGroup = await addGroup(db(), { workspaceId, members: [owner, member] });
    const today = dateIn(t.platform.clock.now(), zoneOrDefault(timeZone));
    const file = await fileOf({ workspaceId, name: 'contract.pdf' });
    const legalFile = await fileOf({ workspaceId, groupIds: [legalGroup], name: 'legal.pdf' });
    const deletedFile = await fileOf({ workspaceId, isDeleted: true });

    const shown: string[] = [];
    for (let day = 0; day < 6; day += 1) {
      shown.push(
        await alertOf({
          itemId: day % 2 ? legalFile : file,
          date: addDays(today, day),
          users: [member, outsider],
          subject: `Day ${day}`,
        }),
      );
    }
    const hidden = [
      await alertOf({ itemId: file, date: addDays(today, -1), users: [member] }),
      await alertOf({ itemId: file, date: today, users: [member], isAlerted: true }),
      await alertOf({ itemId: deletedFile, date: today, users: [member] }),
      await alertOf({ itemId: file, date: today, users: [owner] }),
    ];

    const widget = await alerts(member);
    expect(ids(widget)).toEqual(shown.slice(0, 5));
    expect(widget.hasMore).toBe(true);
    expect(widget.items[0]).toEqual({
      id: shown[0],
      itemId: file,
      parentId: null,
      fileName: 'contract.pdf',
      date: today,
      subject: 'Day 0',
    });
    expect(widget.items[1]).toMatchObject({ itemId: legalFile, fileName: 'legal.pdf' });
    for (const id of hidden) expect(ids(widget)).not.toContain(id);
    // The outsider is named on them all but opens only the workspace's file.
    expect((await alerts(outsider)).items.map((item) => item.itemId)).toEqual([file, file, file]);
  });
});

describe('Latest changes by others', () => {
  it('shows others’ feed events of the caller’s documents, never their own, document-open or the other side’s internal ones', async () => {
    const [sender, receiver, receiverColleague, senderTeammate] = await createUsers(t.platform, 4);
    const workspaceId = await createWorkspaceWith(db(), [sender, senderTeammate]);
    const dealId = await dealOf({ sender, receiver, title: 'Supply deal', workspaceId });
    await db().insert(documentAccess).values({
      collection: 'deals',
      documentId: dealId,
      userId: receiverColleague.id,
      role: 'edit',
      party: 'receiver',
    });
    const edit = await eventOf({
      documentId: dealId,
      event: 'section-edit',
      user: receiver,
      minutes: 1,
      data: { actorParty: 'receiver', sectionTitle: 'Payment' },
    });
    const agree = await eventOf({
      documentId: dealId,
      event: 'section-agree',
      user: sender,
      minutes: 2,
      data: { sectionTitle: 'Payment' },
    });
    await eventOf({ documentId: dealId, event: 'document-open', user: receiver, minutes: 3 });
    await eventOf({ documentId: dealId, event: 'document-settings', user: receiver, minutes: 4 });
    await eventOf({
      documentId: dealId,
      event: 'section-internal-thread',
      user: receiver,
      minutes: 5,
      party: 'receiver',
    });
    const receiverInternal = await eventOf({
      documentId: dealId,
      event: 'section-edit',
      user: receiverColleague,
      minutes: 6,
      party: 'receiver',
    });
    const senderInternal = await eventOf({
      documentId: dealId,
      event: 'section-create',
      user: sender,
      minutes: 7,
      party: 'sender',
    });
    const start = await eventOf({
      documentId: dealId,
      event: 'signign-start',
      user: receiver,
      minutes: 8,
    });
    await eventOf({ documentId: dealId, event: 'document-sign', user: null, minutes: 9 });
    const complete = await eventOf({
      documentId: dealId,
      event: 'signing-complete',
      user: null,
      minutes: 10,
    });
    const draftId = await draftOf({
      owner: sender,
      title: 'Shared draft',
      workspaceId,
      modifiedAt: at(0),
    });
    const draftEdit = await eventOf({
      collection: 'drafts',
      documentId: draftId,
      event: 'section-edit',
      user: senderTeammate,
      minutes: 11,
      data: { title: 'Scope' },
    });

    const senderFeed = await feed(sender);
    expect(ids(senderFeed)).toEqual([draftEdit, complete, start, edit]);
    expect(senderFeed.items[0]).toEqual({
      id: draftEdit,
      event: 'section-edit',
      actorName: nameOf(senderTeammate),
      collection: 'drafts',
      documentId: draftId,
      documentTitle: 'Shared draft',
      sectionTitle: 'Scope',
      myParty: null,
      createdAt: at(11).toISOString(),
    });
    expect(senderFeed.items.slice(1)).toEqual([
      expect.objectContaining({ event: 'signing-complete', actorName: '', sectionTitle: null }),
      expect.objectContaining({ event: 'signing-start', actorName: nameOf(receiver) }),
      expect.objectContaining({
        event: 'section-edit',
        actorName: nameOf(receiver),
        documentId: dealId,
        documentTitle: 'Supply deal',
        sectionTitle: 'Payment',
        myParty: 'sender',
      }),
    ]);
    // The receiver's side sees its own internal event, the sender's side (by the workspace
    // too) sees the sender's: never the other's.
    expect(ids(await feed(receiver))).toEqual([complete, receiverInternal, agree]);
    expect(ids(await feed(receiverColleague))).toEqual([complete, start, agree, edit]);
    expect(ids(await feed(senderTeammate))).toEqual([complete, start, senderInternal, agree, edit]);
  });

  it('reads 10 events per document of the 100 latest documents, 50 lines at most', async () => {
    const [owner, other] = await createUsers(t.platform, 2);
    // 101 documents: the one modified longest ago has the newest event but is not looked at.
    const inserted = await db()
      .insert(deals)
      .values(
        Array.from({ length: 101 }, (_, index) => ({
          title: `Deal ${index}`,
          process: 'negotiate' as const,
          state: 'negotiate' as const,
          parties: {
            sender: { type: 'business' as const, name: 'Seller Oy' },
            receiver: { type: 'business' as const, name: 'Buyer Ab' },
          },
          sentBy: owner.id,
          createdAt: at(index),
          modifiedAt: at(index),
        })),
      )
      .returning({ id: deals.id, title: deals.title });
    await db()
      .insert(documentAccess)
      .values(
        inserted.map((deal) => ({
          collection: 'deals' as const,
          documentId: deal.id,
          userId: owner.id,
          role: 'edit' as const,
          party: 'sender' as const,
        })),
      );
    const byTitle = new Map(inserted.map((deal) => [deal.title, deal.id]));
    const oldest = byTitle.get('Deal 0') ?? '';
    const busy = byTitle.get('Deal 100') ?? '';
    await eventOf({ documentId: oldest, event: 'section-edit', user: other, minutes: 10_000 });
    // 12 events on the busiest document: its 10 newest are read.
    const busyEvents: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      busyEvents.push(
        await eventOf({
          documentId: busy,
          event: 'section-agree',
          user: other,
          minutes: 5000 + index,
        }),
      );
    }
    let lines = await feed(owner);
    expect(ids(lines)).toEqual(busyEvents.slice(2).reverse());

    // Many documents with events: 50 lines, the newest.
    await db()
      .insert(documentEvents)
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          collection: 'deals' as const,
          documentId: byTitle.get(`Deal ${index + 1}`) ?? '',
          event: 'section-edit',
          userId: other.id,
          createdAt: at(index),
        })),
      );
    lines = await feed(owner);
    expect(lines.items).toHaveLength(50);
    expect(lines.items.slice(0, 10).map((line) => line.documentId)).toEqual(Array(10).fill(busy));
    expect(lines.items.at(-1)?.createdAt).toBe(at(20).toISOString());
  });
});

describe('nothing the caller cannot see', () => {
  it('gives a stranger and another workspace’s user empty widgets, and a removed member loses all at once', async () => {
    const [owner, member, stranger, otherWorkspaceUser] = await createUsers(t.platform, 4);
    const workspaceId = await createWorkspaceWith(db(), [owner, member]);
    await createWorkspaceWith(db(), [otherWorkspaceUser]);
    const negotiation = await dealOf({ sender: owner, workspaceId, createdAt: at(1) });
    await eventOf({ documentId: negotiation, event: 'section-edit', user: owner, minutes: 1 });
    const signing = await dealOf({
      sender: owner,
      workspaceId,
      state: 'in-signing',
      createdAt: at(2),
    });
    await slotOf({ dealId: signing, email: member.email, party: 'sender' });
    const draft = await draftOf({ owner, workspaceId });
    const file = await fileOf({ workspaceId });
    const today = dateIn(t.platform.clock.now(), zoneOrDefault(null));
    await alertOf({ itemId: file, date: addDays(today, 2), users: [member, stranger] });
    // Even named on a slot, a stranger's address reaches nothing on a deal they cannot see.
    await slotOf({ dealId: signing, email: stranger.email, party: 'sender' });

    const widgetsOf = async (user: TestUser) => ({
      recent: ids(await documents('recent', user)),
      drafts: ids(await documents('drafts', user)),
      negotiate: ids(await documents('negotiate', user)),
      sign: ids(await documents('sign', user)),
      toSign: (await toSign(user)).items.map((item) => item.dealId),
      alerts: (await alerts(user)).items.map((item) => item.itemId),
      feed: (await feed(user)).items.map((item) => item.documentId),
    });
    const nothing = {
      recent: [],
      drafts: [],
      negotiate: [],
      sign: [],
      toSign: [],
      alerts: [],
      feed: [],
    };

    expect(await widgetsOf(member)).toEqual({
      recent: expect.arrayContaining([negotiation, signing, draft]),
      drafts: [draft],
      negotiate: [negotiation],
      sign: [signing],
      toSign: [signing],
      alerts: [file],
      feed: [negotiation],
    });
    // Through the workspace the colleague acts for the sender: rows open the deal, not signing.
    expect((await documents('negotiate', member)).items[0]?.myParty).toBe('sender');
    const recentDeals = (await documents('recent', member)).items.filter(
      (item) => item.kind === 'deal',
    );
    expect(recentDeals.map((item) => item.myParty)).toEqual(['sender', 'sender']);
    expect((await feed(member)).items[0]?.myParty).toBe('sender');
    expect(await widgetsOf(stranger)).toEqual(nothing);
    expect(await widgetsOf(otherWorkspaceUser)).toEqual(nothing);

    await db()
      .delete(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, member.id)),
      );
    expect(await widgetsOf(member)).toEqual(nothing);
  });
});

describe('the archived deal list', () => {
  it('lists signed deals whose filed copy the caller can open', async () => {
    const [sender, receiver, stranger] = await createUsers(t.platform, 3);
    const filed = await dealOf({ sender, receiver, state: 'signed', createdAt: at(2) });
    await dealOf({ sender, receiver, state: 'signed', createdAt: at(3) });
    const copyOf = async (party: 'sender' | 'receiver', user: TestUser, isDeleted = false) => {
      const [item] = await db()
        .insert(archiveItems)
        .values({
          type: 'file',
          name: 'Signed.pdf',
          scope: 'party',
          originalDealId: filed,
          originalParty: party,
          deletedAt: isDeleted ? new Date() : null,
        })
        .returning({ id: archiveItems.id });
      if (!item) throw new Error('no copy');
      await db().insert(archiveAccess).values({ itemId: item.id, userId: user.id });
      return item.id;
    };
    const archived = (user: TestUser) =>
      get<{ deals: Item[]; total: number }>('/deals?group=archived', user);

    await copyOf('sender', sender);
    await copyOf('receiver', receiver, true);
    expect(await archived(sender)).toMatchObject({
      total: 1,
      deals: [{ id: filed, state: 'signed' }],
    });
    expect(await archived(receiver)).toMatchObject({ total: 0, deals: [] });
    expect(await archived(stranger)).toMatchObject({ total: 0, deals: [] });

    // The receiver's live copy: now theirs to open as well.
    await db()
      .delete(archiveItems)
      .where(
        and(eq(archiveItems.originalDealId, filed), eq(archiveItems.originalParty, 'receiver')),
      );
    await copyOf('receiver', receiver);
    expect((await archived(receiver)).deals.map((deal) => deal.id)).toEqual([filed]);
  });
});

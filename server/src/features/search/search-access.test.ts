import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveAccess,
  archiveItems,
  dealSections,
  dealSigners,
  deals,
  documentAccess,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspaceWith, insertDeal } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { addGroup } from '../archive/test-kit';

/*
 * Search finds only what the caller may open now (issue 16, spec 1 §6, spec 3 §5): deals through
 * the caller's access entries (their own, their workspace's, their group's), as their sender, or
 * as a bound signer once signing has started; archive items by their scope with every folder
 * above them open to the caller. Internal comments are not searchable at all. What others may
 * open never shows, not in the items and not in `hasMore`.
 */

let t: TestApp;
const api = apiAs(() => t.app);
const db = () => t.database.db;

type Hit = { id: string; kind: string; myParty: string | null; field: string };
type Result = { items: Hit[]; hasMore: boolean };

let owner: TestUser;
let colleague: TestUser;
let grouped: TestUser;
let receiver: TestUser;
let receiverMate: TestUser;
let otherWorkspaceUser: TestUser;
let stranger: TestUser;
let signer: TestUser;
let senderSpace: string;
let receiverSpace: string;
let otherSpace: string;
let groupId: string;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [owner, colleague, grouped, receiver, receiverMate, otherWorkspaceUser, stranger, signer] =
    await createUsers(t.platform, 8);
  senderSpace = await createWorkspaceWith(db(), [owner, colleague, grouped]);
  receiverSpace = await createWorkspaceWith(db(), [receiverMate]);
  otherSpace = await createWorkspaceWith(db(), [otherWorkspaceUser]);
  groupId = await addGroup(db(), { workspaceId: senderSpace, name: 'Board', members: [grouped] });
});
afterAll(() => t?.close());

async function search(user: TestUser, q: string, query = ''): Promise<Result> {
  const response = await api('GET', `/search?q=${encodeURIComponent(q)}${query}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Result;
}
const idsOf = async (user: TestUser, q: string) =>
  (await search(user, q)).items.map((item) => item.id).sort();
const sorted = (ids: string[]) => [...ids].sort();

type Entry = Omit<typeof documentAccess.$inferInsert, 'collection' | 'documentId'>;

/** A deal sent by `sentBy` in `state`, reached through the given access entries. */
async function dealOf(options: {
  sentBy: TestUser;
  title: string;
  state?: (typeof deals.$inferSelect)['state'];
  access: Entry[];
}): Promise<string> {
  const deal = await insertDeal(db(), {
    sentBy: options.sentBy.id,
    title: options.title,
    state: options.state ?? 'negotiate',
  });
  if (options.access.length > 0) {
    await db()
      .insert(documentAccess)
      .values(
        options.access.map((entry) => ({
          collection: 'deals' as const,
          documentId: deal.id,
          ...entry,
        })),
      );
  }
  return deal.id;
}

const own = (user: TestUser, party: 'sender' | 'receiver' = 'sender'): Entry => ({
  userId: user.id,
  role: 'edit',
  party,
});

/** An archive item; `parent` places it below a folder. */
async function itemOf(options: {
  name: string;
  type?: 'file' | 'folder';
  workspaceId?: string | null;
  scope?: 'workspace' | 'groups' | 'party';
  groupIds?: string[];
  parent?: { id: string; ancestorIds: string[] };
  isDeleted?: boolean;
}): Promise<{ id: string; ancestorIds: string[] }> {
  const [item] = await db()
    .insert(archiveItems)
    .values({
      type: options.type ?? 'file',
      name: options.name,
      workspaceId: options.workspaceId === undefined ? senderSpace : options.workspaceId,
      scope: options.scope ?? 'workspace',
      groupIds: options.groupIds ?? [],
      parentId: options.parent?.id ?? null,
      ancestorIds: options.parent ? [...options.parent.ancestorIds, options.parent.id] : [],
      deletedAt: options.isDeleted ? new Date() : null,
    })
    .returning({ id: archiveItems.id, ancestorIds: archiveItems.ancestorIds });
  if (!item) throw new Error('no item');
  return item;
}

describe('deals', () => {
  let shared: string;
  let boardDeal: string;
  let signing: string;
  let rival: string;
  let strangersOwn: string;

  beforeAll(async () => {
    shared = await dealOf({
      sentBy: owner,
      title: 'Quillback supply',
      access: [
        own(owner),
        { workspaceId: senderSpace, role: 'view', party: 'sender' },
        own(receiver, 'receiver'),
        { workspaceId: receiverSpace, role: 'edit', party: 'receiver' },
      ],
    });
    boardDeal = await dealOf({
      sentBy: owner,
      title: 'Quillback board memo',
      access: [own(owner), { groupId, role: 'view', party: 'sender' }],
    });
    signing = await dealOf({ sentBy: owner, title: 'Quillback signing', access: [own(owner)] });
    await db()
      .insert(dealSigners)
      .values([
        {
          shortId: `a${signing.slice(0, 12)}`,
          dealId: signing,
          party: 'receiver',
          firstname: 'Bound',
          lastname: 'Signer',
          email: signer.email,
          userId: signer.id,
        },
        {
          // A slot of the stranger's, bound but revoked: it opens nothing.
          shortId: `b${signing.slice(0, 12)}`,
          dealId: signing,
          party: 'receiver',
          firstname: 'Revoked',
          lastname: 'Signer',
          email: stranger.email,
          userId: stranger.id,
          revokedAt: new Date(),
        },
      ]);
    rival = await dealOf({
      sentBy: otherWorkspaceUser,
      title: 'Quillback rival',
      access: [own(otherWorkspaceUser), { workspaceId: otherSpace, role: 'edit', party: 'sender' }],
    });
    strangersOwn = await dealOf({ sentBy: stranger, title: 'Quillback private', access: [] });
  });

  it('finds for each caller the deals they reach, with their party', async () => {
    expect(await idsOf(owner, 'quillback')).toEqual(sorted([shared, boardDeal, signing]));
    expect(await idsOf(colleague, 'quillback')).toEqual([shared]);
    expect(await idsOf(grouped, 'quillback')).toEqual(sorted([shared, boardDeal]));
    expect(await idsOf(receiver, 'quillback')).toEqual([shared]);
    expect(await idsOf(receiverMate, 'quillback')).toEqual([shared]);
    expect(await idsOf(otherWorkspaceUser, 'quillback')).toEqual([rival]);
    // The stranger reaches their own deal by sending it, and nothing through a revoked slot.
    expect(await idsOf(stranger, 'quillback')).toEqual([strangersOwn]);
    const partyOf = async (user: TestUser, id: string) =>
      (await search(user, 'quillback')).items.find((item) => item.id === id)?.myParty;
    expect(await partyOf(colleague, shared)).toBe('sender');
    expect(await partyOf(grouped, boardDeal)).toBe('sender');
    expect(await partyOf(receiver, shared)).toBe('receiver');
    expect(await partyOf(receiverMate, shared)).toBe('receiver');
  });

  it('a bound signer outside both parties finds the deal once signing has started', async () => {
    expect(await idsOf(signer, 'quillback')).toEqual([]);
    expect(await idsOf(signer, 'Bound Signer')).toEqual([]);
    await db().update(deals).set({ state: 'in-signing' }).where(eq(deals.id, signing));
    const result = await search(signer, 'quillback');
    expect(result.items).toEqual([
      expect.objectContaining({ id: signing, kind: 'deal', myParty: null }),
    ]);
    expect(await idsOf(stranger, 'quillback')).toEqual([strangersOwn]);
    await db().update(deals).set({ state: 'signed' }).where(eq(deals.id, signing));
    expect(await idsOf(signer, 'quillback')).toEqual([signing]);
  });

  it('finds no one’s internal comment, not even the commenter’s', async () => {
    const [section] = await db()
      .insert(dealSections)
      .values({
        dealId: shared,
        position: 1,
        type: 'normal',
        title: 'Delivery',
        content: [{ id: 'c1', html: '<p>Goods are delivered weekly.</p>' }],
        defaultContentId: 'c1',
        state: 'sent',
        stateParty: 'sender',
        createdBy: owner.id,
      })
      .returning({ id: dealSections.id });
    const comment = (user: TestUser, content: string) =>
      api('POST', `/deals/${shared}/comments`, user, { sectionId: section?.id, content });
    expect((await comment(receiver, 'Our ceiling for marmalade pricing')).statusCode).toBe(201);
    expect((await comment(owner, 'Gooseberry discount is our floor')).statusCode).toBe(201);
    for (const user of [owner, colleague, grouped, receiver, receiverMate, stranger]) {
      expect(await idsOf(user, 'marmalade')).toEqual([]);
      expect(await idsOf(user, 'gooseberry')).toEqual([]);
    }
    // The section's own text is found by both parties.
    expect(await idsOf(receiver, 'delivered weekly')).toEqual([shared]);
    expect(await idsOf(owner, 'delivered weekly')).toEqual([shared]);
  });
});

describe('archive', () => {
  let openFolder: string;
  let openFile: string;
  let boardFolder: string;
  let boardFile: string;
  let underBoard: string;
  let inboxCopy: string;
  let inboxOfWorkspace: string;
  let rivalFile: string;
  let hidden: string[];

  beforeAll(async () => {
    const open = await itemOf({ name: 'Bramble contracts', type: 'folder' });
    openFolder = open.id;
    openFile = (await itemOf({ name: 'bramble-open.pdf', parent: open })).id;
    const board = await itemOf({
      name: 'Bramble board',
      type: 'folder',
      scope: 'groups',
      groupIds: [groupId],
    });
    boardFolder = board.id;
    boardFile = (
      await itemOf({
        name: 'bramble-minutes.pdf',
        parent: board,
        scope: 'groups',
        groupIds: [groupId],
      })
    ).id;
    // Its own scope reaches the whole workspace, the folder above it does not.
    underBoard = (await itemOf({ name: 'bramble-agenda.pdf', parent: board })).id;
    const inbox = (name: string, access: Omit<typeof archiveAccess.$inferInsert, 'itemId'>) =>
      itemOf({ name, workspaceId: null, scope: 'party' }).then(async (item) => {
        await db()
          .insert(archiveAccess)
          .values({ itemId: item.id, ...access });
        return item.id;
      });
    inboxCopy = await inbox('bramble-signed.pdf', { userId: receiver.id });
    inboxOfWorkspace = await inbox('bramble-signed-copy.pdf', { workspaceId: receiverSpace });
    rivalFile = (await itemOf({ name: 'bramble-rival.pdf', workspaceId: otherSpace })).id;
    const gone = await itemOf({ name: 'Bramble old', type: 'folder', isDeleted: true });
    hidden = [
      (await itemOf({ name: 'bramble-deleted.pdf', isDeleted: true })).id,
      gone.id,
      // Live, below a deleted folder.
      (await itemOf({ name: 'bramble-orphan.pdf', parent: gone })).id,
    ];
  });

  it('finds for each caller the items they may open, folders above included', async () => {
    expect(await idsOf(owner, 'bramble')).toEqual(sorted([openFolder, openFile]));
    expect(await idsOf(colleague, 'bramble')).toEqual(sorted([openFolder, openFile]));
    expect(await idsOf(grouped, 'bramble')).toEqual(
      sorted([openFolder, openFile, boardFolder, boardFile, underBoard]),
    );
    expect(await idsOf(receiver, 'bramble')).toEqual([inboxCopy]);
    expect(await idsOf(receiverMate, 'bramble')).toEqual([inboxOfWorkspace]);
    expect(await idsOf(otherWorkspaceUser, 'bramble')).toEqual([rivalFile]);
    expect(await idsOf(stranger, 'bramble')).toEqual([]);
  });

  it('finds a deleted item, or one below a deleted folder, for no one', async () => {
    for (const user of [owner, colleague, grouped, receiver, receiverMate, stranger]) {
      const found = await idsOf(user, 'bramble');
      for (const id of hidden) expect(found).not.toContain(id);
      expect(await idsOf(user, 'orphan')).toEqual([]);
      expect(await idsOf(user, 'Bramble old')).toEqual([]);
    }
  });

  it('closes a folder’s subtree at once to a caller its groups no longer hold', async () => {
    await db().update(archiveItems).set({ groupIds: [] }).where(eq(archiveItems.id, boardFolder));
    expect(await idsOf(grouped, 'bramble')).toEqual(sorted([openFolder, openFile]));
    await db()
      .update(archiveItems)
      .set({ groupIds: [groupId] })
      .where(eq(archiveItems.id, boardFolder));
    expect(await idsOf(grouped, 'agenda')).toEqual([underBoard]);
  });
});

describe('what others may open never shows, not even as more pages', () => {
  const plenty = 20;
  let reader: TestUser;
  let mine: string[];

  beforeAll(async () => {
    [reader] = await createUsers(t.platform, 1);
    const readerSpace = await createWorkspaceWith(db(), [reader]);
    mine = [];
    for (let index = 0; index < 15; index += 1) {
      mine.push(await dealOf({ sentBy: reader, title: `Nimbus ${index}`, access: [own(reader)] }));
    }
    const many = Array.from({ length: plenty }, (_, index) => index);
    await db()
      .insert(deals)
      .values(
        many.map((index) => ({
          title: `Nimbus stranger ${index}`,
          process: 'negotiate' as const,
          parties: {
            sender: { type: 'business' as const, name: 'Stranger Oy' },
            receiver: { type: 'business' as const, name: 'Buyer Ab' },
          },
          sentBy: stranger.id,
        })),
      );
    await db()
      .insert(archiveItems)
      .values(
        many.map((index) => ({
          type: 'file' as const,
          name: `nimbus-${index}.pdf`,
          workspaceId: otherSpace,
          scope: 'workspace' as const,
        })),
      );
    // A folder of the reader's own workspace limited to a group they are not in.
    const closed = await addGroup(db(), { workspaceId: readerSpace, members: [] });
    await itemOf({
      name: 'Nimbus closed',
      type: 'folder',
      workspaceId: readerSpace,
      scope: 'groups',
      groupIds: [closed],
    });
  });

  it('a full page of the caller’s own hits has no more after it', async () => {
    const first = await search(reader, 'nimbus');
    expect(first.items.map((item) => item.id).sort()).toEqual(sorted(mine));
    expect(first.hasMore).toBe(false);
    expect(await search(reader, 'nimbus', '&page=2')).toEqual(
      expect.objectContaining({ items: [], hasMore: false }),
    );
  });

  it('one who may open nothing finds nothing', async () => {
    const [nobody] = await createUsers(t.platform, 1);
    expect(await search(nobody, 'nimbus')).toEqual(
      expect.objectContaining({ items: [], hasMore: false }),
    );
    // The others' hits are there for their owners.
    const theirs = await search(stranger, 'nimbus');
    expect(theirs.items).toHaveLength(15);
    expect(theirs.hasMore).toBe(true);
    expect((await search(otherWorkspaceUser, 'nimbus', '&pageSize=25')).items).toHaveLength(plenty);
  });
});

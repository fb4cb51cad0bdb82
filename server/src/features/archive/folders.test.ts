import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveAccess, archiveItems, workspaceGroups, workspaceMembers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { addGroup, archiveClient } from './test-kit';

/*
 * Folders (spec 1 §2 'Archive', §5 'Archive'): creating them at the root and below, what a
 * subfolder inherits, one folder of a name in one place even when two people create it at once,
 * renaming, moving (never into its own subtree, never to another workspace, except a signed
 * deal's copy out of the Inbox) and deleting a folder with everything in it.
 */

let t: TestApp;
let owner: TestUser;
/** A second administrator of the workspace. */
let coAdmin: TestUser;
/** A member ('User', view): creates folders only inside folders of their groups. */
let member: TestUser;
let otherWorkspaceUser: TestUser;
let stranger: TestUser;
let workspaceId: string;
let otherWorkspaceId: string;
let legalGroup: string;
let salesGroup: string;
const client = archiveClient(() => t);
const { api } = client;

beforeAll(async () => {
  t = await createTestApp();
  [owner, coAdmin, member, otherWorkspaceUser, stranger] = await createUsers(t.platform, 5);
  const { db } = t.database;
  workspaceId = (await createWorkspace(db, { memberIds: [owner.id, member.id, coAdmin.id] })).id;
  await db
    .update(workspaceMembers)
    .set({ role: 'edit' })
    .where(eq(workspaceMembers.userId, coAdmin.id));
  otherWorkspaceId = (await createWorkspace(db, { memberIds: [otherWorkspaceUser.id] })).id;
  legalGroup = await addGroup(db, { workspaceId, name: 'Legal', members: [owner] });
  salesGroup = await addGroup(db, { workspaceId, name: 'Sales', members: [owner, member] });
});
afterAll(() => t?.close());

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function folder(user: TestUser, body: object) {
  const answer = await client.createFolder(user, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as {
    id: string;
    name: string;
    scope: string;
    groupIds: string[];
    workspaceId: string;
  };
}

describe('creating folders', () => {
  it('needs a workspace of the caller at the root', async () => {
    const none = await client.createFolder(stranger, { name: 'mine' });
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe('archive_workspace_required');
    expect((await api('GET', '/archive', stranger)).json()).toMatchObject({
      canCreateFolders: false,
      canCreateRootFolder: false,
    });

    const missing = await client.createFolder(owner, { name: 'mine' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ workspaceId: 'This field is required' });

    const theirs = await client.createFolder(owner, {
      name: 'mine',
      workspaceId: otherWorkspaceId,
    });
    expect(theirs.statusCode).toBe(404);

    const badName = await client.createFolder(owner, { name: 'My Folder', workspaceId });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error.fields.name).toBe(
      'Invalid folder name. Folder name can contain a-z, numbers or dash.',
    );
    const count = await t.database.db
      .select()
      .from(archiveItems)
      .where(eq(archiveItems.name, 'mine'));
    expect(count).toEqual([]);
  });

  it('takes groups of the folder’s workspace only', async () => {
    const [otherGroup] = await t.database.db
      .insert(workspaceGroups)
      .values({ workspaceId: otherWorkspaceId, name: 'Theirs' })
      .returning();
    const [gone] = await t.database.db
      .insert(workspaceGroups)
      .values({ workspaceId, name: 'Gone', deletedAt: new Date() })
      .returning();
    for (const groupIds of [[otherGroup?.id], [gone?.id], [randomUUID()]]) {
      const answer = await client.createFolder(owner, { name: unique('g'), workspaceId, groupIds });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('archive_groups_invalid');
    }
    const chosen = await folder(owner, { name: unique('g'), workspaceId, groupIds: [legalGroup] });
    expect(chosen).toMatchObject({ scope: 'groups', groupIds: [legalGroup], workspaceId });
    const whole = await folder(owner, { name: unique('w'), workspaceId });
    expect(whole).toMatchObject({ scope: 'workspace', groupIds: [] });
  });

  it('gives a subfolder its parent’s workspace, and its groups when the parent has groups', async () => {
    const open = await folder(owner, { name: unique('open'), workspaceId });
    // Below a whole-workspace folder, groups may be chosen (or none: the whole workspace).
    const chosen = await folder(owner, {
      name: 'legal',
      parentId: open.id,
      groupIds: [legalGroup],
    });
    expect(chosen).toMatchObject({ workspaceId, scope: 'groups', groupIds: [legalGroup] });
    const plain = await folder(coAdmin, { name: 'plain', parentId: open.id });
    expect(plain).toMatchObject({ workspaceId, scope: 'workspace', groupIds: [] });

    // Below a folder of groups: the parent's groups, whatever is sent.
    const inherited = await folder(owner, { name: 'inner', parentId: chosen.id });
    expect(inherited).toMatchObject({ scope: 'groups', groupIds: [legalGroup] });
    const refused = await client.createFolder(owner, {
      name: 'other',
      parentId: chosen.id,
      groupIds: [salesGroup],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('archive_groups_inherited');
    // The workspace sent with a subfolder is not the one it gets.
    const locked = await folder(owner, {
      name: 'locked',
      parentId: open.id,
      workspaceId: otherWorkspaceId,
    });
    expect(locked.workspaceId).toBe(workspaceId);

    const detail = (await api('GET', `/archive/folders/${inherited.id}`, owner)).json();
    expect(detail).toMatchObject({
      groupsInherited: true,
      path: [
        { id: open.id, name: expect.stringMatching(/^open-/) },
        { id: chosen.id, name: 'legal' },
      ],
    });
    // A member outside the group does not reach the subfolder of groups, even by its parent.
    expect((await api('GET', `/archive/folders/${inherited.id}`, member)).statusCode).toBe(404);
    const listed = (await api('GET', `/archive/folders/${open.id}/items`, member)).json();
    expect(listed.items.map((item: { name: string }) => item.name)).toEqual(['locked', 'plain']);
  });

  it('refuses a second folder of the same name in the same place', async () => {
    const name = unique('dup');
    await folder(owner, { name, workspaceId });
    const again = await client.createFolder(coAdmin, { name, workspaceId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'archive_folder_exists', params: { name } });
    // Another workspace may have its own.
    await folder(otherWorkspaceUser, { name, workspaceId: otherWorkspaceId });
  });

  it('makes one folder when two people create the same one at once', async () => {
    const name = unique('race');
    const parent = await folder(owner, { name: unique('parent'), workspaceId });
    for (const body of [
      { name, workspaceId },
      { name, parentId: parent.id },
    ]) {
      const answers = await Promise.all([
        client.createFolder(owner, body),
        client.createFolder(coAdmin, body),
        client.createFolder(owner, body),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    }
    const rows = await t.database.db
      .select()
      .from(archiveItems)
      .where(and(eq(archiveItems.name, name), isNull(archiveItems.deletedAt)));
    expect(rows).toHaveLength(2);
  });

  it('pages the root folders by name', async () => {
    const [user] = await createUsers(t.platform, 1);
    const own = (await createWorkspace(t.database.db, { memberIds: [user.id] })).id;
    for (const name of ['charlie', 'alpha', 'bravo']) {
      await folder(user, { name, workspaceId: own });
    }
    const first = (await api('GET', '/archive?pageSize=2', user)).json();
    expect(first.items.map((item: { name: string }) => item.name)).toEqual(['alpha', 'bravo']);
    expect(first).toMatchObject({
      total: 3,
      page: 1,
      pageSize: 2,
      canCreateFolders: true,
      canCreateRootFolder: true,
    });
    const second = (await api('GET', '/archive?pageSize=2&page=2', user)).json();
    expect(second.items.map((item: { name: string }) => item.name)).toEqual(['charlie']);
  });
});

describe('renaming and moving', () => {
  it('renames a folder unless the name is taken there', async () => {
    const parent = await folder(owner, { name: unique('ren'), workspaceId });
    const a = await folder(owner, { name: 'a', parentId: parent.id });
    await folder(owner, { name: 'b', parentId: parent.id });
    const clash = await api('PATCH', `/archive/folders/${a.id}`, owner, { name: 'b' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'archive_folder_exists',
      params: { name: 'b' },
    });
    const bad = await api('PATCH', `/archive/items/${a.id}`, owner, { name: 'No Good' });
    expect(bad.json().error.code).toBe('archive_folder_name_invalid');
    const renamed = await api('PATCH', `/archive/items/${a.id}`, owner, { name: 'c' });
    expect(renamed.json()).toMatchObject({ name: 'c' });
  });

  it('moves a folder with its subtree, never into itself or below itself', async () => {
    const root = await folder(owner, { name: unique('move'), workspaceId });
    const a = await folder(owner, { name: 'a', parentId: root.id });
    const b = await folder(owner, { name: 'b', parentId: a.id });
    const c = await folder(owner, { name: 'c', parentId: b.id });
    const file = (await client.addFile(owner, c.id)).json();
    const target = await folder(owner, { name: 'target', parentId: root.id });

    for (const parentId of [a.id, b.id, c.id]) {
      const refused = await api('PATCH', `/archive/items/${a.id}`, owner, { parentId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('archive_move_into_subtree');
    }

    const moved = await api('PATCH', `/archive/items/${a.id}`, owner, { parentId: target.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      parentId: target.id,
      path: [{ id: root.id }, { id: target.id }],
    });
    const deep = (await api('GET', `/archive/items/${file.id}`, owner)).json();
    expect(deep.path.map((crumb: { name: string }) => crumb.name)).toEqual([
      root.name,
      'target',
      'a',
      'b',
      'c',
    ]);
    const [row] = await t.database.db
      .select({ ancestorIds: archiveItems.ancestorIds })
      .from(archiveItems)
      .where(eq(archiveItems.id, file.id));
    expect(row?.ancestorIds).toEqual([root.id, target.id, a.id, b.id, c.id]);

    // To the root: a folder may go, a file may not.
    const toRoot = await api('PATCH', `/archive/items/${b.id}`, owner, { parentId: null });
    expect(toRoot.json()).toMatchObject({ parentId: null, path: [] });
    const fileToRoot = await api('PATCH', `/archive/items/${file.id}`, owner, { parentId: null });
    expect(fileToRoot.statusCode).toBe(400);
    expect(fileToRoot.json().error.code).toBe('archive_file_needs_folder');
    expect((await api('GET', `/archive/items/${file.id}`, owner)).json().path).toEqual([
      { id: b.id, name: 'b' },
      { id: c.id, name: 'c' },
    ]);
  });

  it('keeps folders and files in their workspace', async () => {
    const mine = await folder(owner, { name: unique('mine'), workspaceId });
    const file = (await client.addFile(owner, mine.id)).json();
    // A member of both workspaces sees both, and still cannot move between them.
    const [both] = await createUsers(t.platform, 1);
    const shared = (await createWorkspace(t.database.db, { memberIds: [both.id] })).id;
    const a = await folder(both, { name: unique('a'), workspaceId: shared });
    const b = (await createWorkspace(t.database.db, { memberIds: [both.id] })).id;
    const bFolder = await folder(both, { name: unique('b'), workspaceId: b });
    const across = await api('PATCH', `/archive/items/${a.id}`, both, { parentId: bFolder.id });
    expect(across.statusCode).toBe(409);
    expect(across.json().error.code).toBe('archive_move_other_workspace');
    // A folder the caller does not open is not a target at all.
    const hidden = await api('PATCH', `/archive/items/${file.id}`, owner, { parentId: bFolder.id });
    expect(hidden.statusCode).toBe(404);
  });

  it('lets a signed deal’s Inbox copy move into a folder, which then gives its access', async () => {
    const [copy] = await t.database.db
      .insert(archiveItems)
      .values({ type: 'file', name: 'Signed deal.pdf', scope: 'party', originalParty: 'receiver' })
      .returning();
    const copyId = copy?.id ?? '';
    await t.database.db.insert(archiveAccess).values({ itemId: copyId, userId: owner.id });
    const root = (await api('GET', '/archive', owner)).json();
    expect(root.inbox.files).toBeGreaterThanOrEqual(1);
    expect((await api('GET', `/archive/items/${copyId}`, member)).statusCode).toBe(404);

    const target = await folder(owner, {
      name: unique('inbox'),
      workspaceId,
      groupIds: [salesGroup],
    });
    const moved = await api('PATCH', `/archive/items/${copyId}`, owner, { parentId: target.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      parentId: target.id,
      workspaceId,
      scope: 'groups',
      groupIds: [salesGroup],
    });
    expect(
      await t.database.db.select().from(archiveAccess).where(eq(archiveAccess.itemId, copyId)),
    ).toEqual([]);
    // The group's members reach it now.
    expect((await api('GET', `/archive/items/${copyId}`, member)).statusCode).toBe(200);
    // And back out to another workspace it cannot go.
    const away = await folder(otherWorkspaceUser, {
      name: unique('x'),
      workspaceId: otherWorkspaceId,
    });
    expect(
      (await api('PATCH', `/archive/items/${copyId}`, owner, { parentId: away.id })).statusCode,
    ).toBe(404);
  });
});

describe('deleting', () => {
  it('deletes a folder with everything below it and answers how many', async () => {
    const root = await folder(owner, { name: unique('del'), workspaceId });
    const a = await folder(owner, { name: 'a', parentId: root.id });
    const b = await folder(owner, { name: 'b', parentId: a.id });
    const files = [
      (await client.addFile(owner, a.id)).json(),
      (await client.addFile(owner, b.id)).json(),
    ];
    // Already deleted: not counted again.
    const old = (await client.addFile(owner, b.id)).json();
    expect((await api('DELETE', `/archive/items/${old.id}`, owner)).json()).toEqual({ deleted: 1 });

    const deleted = await api('DELETE', `/archive/items/${a.id}`, member);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 4 });

    for (const id of [a.id, b.id, ...files.map((file) => file.id)]) {
      expect((await api('GET', `/archive/items/${id}`, owner)).statusCode).toBe(404);
    }
    expect((await api('GET', `/archive/folders/${b.id}/items`, owner)).statusCode).toBe(404);
    const left = (await api('GET', `/archive/folders/${root.id}/items`, owner)).json();
    expect(left).toMatchObject({ items: [], total: 0 });
    const rows = await t.database.db
      .select({ deletedBy: archiveItems.deletedBy })
      .from(archiveItems)
      .where(eq(archiveItems.parentId, b.id));
    expect(rows.map((row) => row.deletedBy).sort()).toEqual([member.id, owner.id].sort());
    // The name is free again.
    await folder(owner, { name: 'a', parentId: root.id });
  });
});

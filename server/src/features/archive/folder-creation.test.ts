import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveItems, workspaceMembers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { addGroup, archiveClient } from './test-kit';

/*
 * Who shapes the archive (issue 35, finding 5): a workspace's administrators create its root
 * folders and folders anywhere in it they open; a member ('User') creates folders only inside a
 * folder of their groups, never at the root nor inside a whole-workspace folder they may only
 * view; nobody outside the workspace creates anything. The answers tell the web which of these
 * the caller may do.
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let otherWorkspaceAdmin: TestUser;
let stranger: TestUser;
let workspaceId: string;
/** A folder of the whole workspace, and one of group 'Sales' (the member is in it). */
let openFolder: string;
let salesFolder: string;
const client = archiveClient(() => t);
const { api } = client;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [admin, member, otherWorkspaceAdmin, stranger] = await createUsers(t.platform, 4);
  const { db } = t.database;
  workspaceId = (await createWorkspace(db, { memberIds: [admin.id, member.id] })).id;
  await createWorkspace(db, { memberIds: [otherWorkspaceAdmin.id] });
  const sales = await addGroup(db, { workspaceId, name: 'Sales', members: [admin, member] });
  openFolder = (await created(admin, { name: 'open', workspaceId })).id;
  salesFolder = (await created(admin, { name: 'sales', workspaceId, groupIds: [sales] })).id;
});
afterAll(() => t?.close());

async function created(user: TestUser, body: object): Promise<{ id: string; scope: string }> {
  const answer = await client.createFolder(user, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

/** The refusal's status and code, and that no folder of the name was stored. */
async function expectRefused(
  answer: { statusCode: number; json(): { error: { code: string } } },
  status: number,
  code: string,
  name: string,
) {
  expect({ status: answer.statusCode, code: answer.json().error.code }).toEqual({ status, code });
  const rows = await t.database.db
    .select({ id: archiveItems.id })
    .from(archiveItems)
    .where(eq(archiveItems.name, name));
  expect(rows).toEqual([]);
}

describe('creating folders as a member', () => {
  it('refuses a root folder (403)', async () => {
    const answer = await client.createFolder(member, { name: 'members-root', workspaceId });
    await expectRefused(answer, 403, 'archive_root_folder_administrators_only', 'members-root');
  });

  it('allows a subfolder inside a folder of their group, and below it', async () => {
    const inner = await created(member, { name: 'member-inner', parentId: salesFolder });
    expect(inner.scope).toBe('groups');
    await created(member, { name: 'member-deeper', parentId: inner.id });
  });

  it('refuses a subfolder inside a folder they may only view (403)', async () => {
    expect((await api('GET', `/archive/folders/${openFolder}`, member)).statusCode).toBe(200);
    const answer = await client.createFolder(member, { name: 'member-open', parentId: openFolder });
    await expectRefused(answer, 403, 'archive_folder_view_only', 'member-open');
    // A dropped folder tree makes folders too: refused there, made inside their group's folder.
    const dropped = await client.addFile(member, openFolder, { path: ['member-drop'] });
    await expectRefused(dropped, 403, 'archive_folder_view_only', 'member-drop');
    expect((await client.addFile(member, salesFolder, { path: ['member-tree'] })).statusCode).toBe(
      201,
    );
    // Filing a file into the folder stays theirs to do.
    expect((await client.addFile(member, openFolder)).statusCode).toBe(201);
  });
});

describe('creating folders as an administrator', () => {
  it('allows root folders and subfolders anywhere they open', async () => {
    await created(admin, { name: 'admin-root', workspaceId });
    await created(admin, { name: 'admin-open', parentId: openFolder });
    await created(admin, { name: 'admin-sales', parentId: salesFolder });
    expect((await client.addFile(admin, openFolder, { path: ['admin-drop'] })).statusCode).toBe(
      201,
    );
  });

  it('stops with the administrator role, for their workspace token too', async () => {
    const [former] = await createUsers(t.platform, 1);
    const { db } = t.database;
    await db.insert(workspaceMembers).values({ workspaceId, userId: former.id, role: 'edit' });
    const made = await api('POST', `/workspaces/${workspaceId}/api-tokens`, former, {
      name: 'Folder robot',
      scope: 'write',
    });
    expect(made.statusCode, made.body).toBe(201);
    const byToken = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/archive/folders',
        headers: { authorization: `Bearer ${made.json().token}` },
        payload: { name, workspaceId },
      });
    expect((await byToken('robot-before')).statusCode).toBe(201);

    await db
      .update(workspaceMembers)
      .set({ role: 'view' })
      .where(
        and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, former.id)),
      );
    await expectRefused(
      await byToken('robot-after'),
      403,
      'archive_root_folder_administrators_only',
      'robot-after',
    );
    const signedIn = await client.createFolder(former, { name: 'former-root', workspaceId });
    await expectRefused(signedIn, 403, 'archive_root_folder_administrators_only', 'former-root');
  });
});

describe('creating folders from outside the workspace', () => {
  it.each([
    ['a user of another workspace', () => otherWorkspaceAdmin],
    ['a user of no workspace', () => stranger],
  ])('refuses %s everywhere, as if nothing were there', async (_who, who) => {
    const user = who();
    const root = await client.createFolder(user, { name: 'outside-root', workspaceId });
    await expectRefused(root, 404, 'not_found', 'outside-root');
    for (const parentId of [openFolder, salesFolder]) {
      const inside = await client.createFolder(user, { name: 'outside-sub', parentId });
      await expectRefused(inside, 404, 'archive_item_not_found', 'outside-sub');
    }
  });
});

describe('what the answers tell the web', () => {
  it('offers root folders to administrators and subfolders where the caller may make them', async () => {
    const flags = async (user: TestUser) => {
      const root = (await api('GET', '/archive', user)).json();
      const folderFlag = async (id: string) => {
        const answer = await api('GET', `/archive/folders/${id}`, user);
        return answer.statusCode === 200 ? answer.json().canCreateSubfolder : 'not found';
      };
      return {
        canCreateFolders: root.canCreateFolders,
        canCreateRootFolder: root.canCreateRootFolder,
        open: await folderFlag(openFolder),
        sales: await folderFlag(salesFolder),
      };
    };
    expect(await flags(admin)).toEqual({
      canCreateFolders: true,
      canCreateRootFolder: true,
      open: true,
      sales: true,
    });
    expect(await flags(member)).toEqual({
      canCreateFolders: true,
      canCreateRootFolder: false,
      open: false,
      sales: true,
    });
    expect(await flags(stranger)).toEqual({
      canCreateFolders: false,
      canCreateRootFolder: false,
      open: 'not found',
      sales: 'not found',
    });
    // A file is no place for folders.
    const file = (await client.addFile(admin, openFolder)).json();
    expect((await api('GET', `/archive/items/${file.id}`, admin)).json().canCreateSubfolder).toBe(
      false,
    );
  });
});

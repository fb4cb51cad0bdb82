import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveItems, documentTags, workspaceTags } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { addGroup, archiveClient } from './test-kit';

/*
 * Who reaches what (spec 1 §6): every archive route called by the folder's owner, a colleague in
 * the folder's group, a member of the same workspace outside that group, a member of another
 * workspace and a user of no workspace. The last three get 404 from every route, find nothing
 * in the listings and change nothing.
 */

let t: TestApp;
let owner: TestUser;
let colleague: TestUser;
let outsider: TestUser;
let otherWorkspaceUser: TestUser;
let stranger: TestUser;
let workspaceId: string;
let groupId: string;
let tagId: string;
/** legal (group only) > deals > contract.pdf */
let folderId: string;
let subfolderId: string;
let fileId: string;
const client = archiveClient(() => t);
const { api } = client;

beforeAll(async () => {
  t = await createTestApp();
  [owner, colleague, outsider, otherWorkspaceUser, stranger] = await createUsers(t.platform, 5);
  const { db } = t.database;
  workspaceId = (await createWorkspace(db, { memberIds: [owner.id, colleague.id, outsider.id] }))
    .id;
  await createWorkspace(db, { memberIds: [otherWorkspaceUser.id] });
  groupId = await addGroup(db, { workspaceId, name: 'Legal', members: [owner, colleague] });
  const [tag] = await db
    .insert(workspaceTags)
    .values({ workspaceId, tag: 'Contracts' })
    .returning({ id: workspaceTags.id });
  tagId = tag?.id ?? '';
  const folder = await client.createFolder(owner, {
    name: 'legal',
    workspaceId,
    groupIds: [groupId],
  });
  expect(folder.statusCode).toBe(201);
  folderId = folder.json().id;
  const subfolder = await client.createFolder(owner, { name: 'deals', parentId: folderId });
  subfolderId = subfolder.json().id;
  const file = await client.addFile(owner, subfolderId, { name: 'contract.pdf' });
  expect(file.statusCode).toBe(201);
  fileId = file.json().id;
});
afterAll(() => t?.close());

type Caller = TestUser | undefined;
type Route = { name: string; call: (user: Caller) => Promise<LightMyRequestResponse> };

/** An archive upload of the user's (signed out: an id that is no one's). */
const uploadOf = async (user: Caller) => (user ? client.uploadPdf(user) : randomUUID());

const routes: Route[] = [
  { name: 'GET folder', call: (user) => api('GET', `/archive/folders/${folderId}`, user) },
  {
    name: 'GET folder items',
    call: (user) => api('GET', `/archive/folders/${folderId}/items`, user),
  },
  {
    name: 'GET subfolder items',
    call: (user) => api('GET', `/archive/folders/${subfolderId}/items`, user),
  },
  {
    name: 'POST subfolder',
    call: (user) => client.createFolder(user, { name: `sub-${randomUUID()}`, parentId: folderId }),
  },
  {
    name: 'PATCH folder',
    call: (user) => api('PATCH', `/archive/folders/${subfolderId}`, user, { name: 'renamed' }),
  },
  {
    name: 'POST file',
    call: async (user) =>
      api('POST', `/archive/folders/${subfolderId}/files`, user, {
        uploadId: await uploadOf(user),
      }),
  },
  { name: 'GET item', call: (user) => api('GET', `/archive/items/${fileId}`, user) },
  {
    name: 'PATCH item',
    call: (user) => api('PATCH', `/archive/items/${fileId}`, user, { name: 'renamed.pdf' }),
  },
  { name: 'GET pdf', call: (user) => api('GET', `/archive/items/${fileId}/pdf`, user) },
  { name: 'GET tags', call: (user) => api('GET', `/archive/items/${fileId}/tags`, user) },
  {
    name: 'PUT tags',
    call: (user) => api('PUT', `/archive/items/${fileId}/tags`, user, { tagIds: [tagId] }),
  },
  { name: 'DELETE item', call: (user) => api('DELETE', `/archive/items/${fileId}`, user) },
  { name: 'DELETE folder', call: (user) => api('DELETE', `/archive/items/${folderId}`, user) },
];

const state = async () => {
  const rows = await t.database.db
    .select({ id: archiveItems.id, name: archiveItems.name, deletedAt: archiveItems.deletedAt })
    .from(archiveItems)
    .where(eq(archiveItems.workspaceId, workspaceId))
    .orderBy(archiveItems.id);
  const tags = await t.database.db
    .select()
    .from(documentTags)
    .where(eq(documentTags.documentId, fileId));
  return { rows, tags };
};

describe('archive access', () => {
  it('refuses every route signed out', async () => {
    for (const route of routes) {
      expect((await route.call(undefined)).statusCode, route.name).toBe(401);
    }
    expect((await api('GET', '/archive', undefined)).statusCode).toBe(401);
  });

  it.each([
    ['a member outside the folder’s groups', () => outsider],
    ['a member of another workspace', () => otherWorkspaceUser],
    ['a user of no workspace', () => stranger],
  ])('answers 404 to %s on every route and shows them nothing', async (_who, who) => {
    const user = who();
    const before = await state();
    for (const route of routes) {
      const answer = await route.call(user);
      expect(answer.statusCode, route.name).toBe(404);
      expect(answer.json().error.code, route.name).toBe('archive_item_not_found');
    }
    expect(await state()).toEqual(before);
    const root = (await api('GET', '/archive', user)).json();
    expect(root.items).toEqual([]);
    expect(root.total).toBe(0);
    expect(root.inbox).toEqual({ files: 0, filing: 0 });
  });

  it.each([
    ['the owner', () => owner],
    ['a colleague in the folder’s group', () => colleague],
  ])('lets %s use every route', async (_who, who) => {
    const user = who();
    const root = (await api('GET', '/archive', user)).json();
    expect(root.items.map((item: { id: string }) => item.id)).toEqual([folderId]);
    expect(root.canCreateFolders).toBe(true);

    const folder = await api('GET', `/archive/folders/${folderId}`, user);
    expect(folder.statusCode).toBe(200);
    expect(folder.json()).toMatchObject({
      name: 'legal',
      scope: 'groups',
      groupIds: [groupId],
      path: [],
      workspaceTitle: expect.any(String),
      groupsInherited: false,
    });
    const items = (await api('GET', `/archive/folders/${subfolderId}/items`, user)).json();
    expect(items.items.map((item: { id: string }) => item.id)).toContain(fileId);

    const detail = (await api('GET', `/archive/items/${fileId}`, user)).json();
    expect(detail).toMatchObject({
      type: 'file',
      path: [
        { id: folderId, name: 'legal' },
        { id: subfolderId, name: expect.any(String) },
      ],
    });
    const pdf = await api('GET', `/archive/items/${fileId}/pdf`, user);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const tags = await api('PUT', `/archive/items/${fileId}/tags`, user, { tagIds: [tagId] });
    expect(tags.statusCode).toBe(200);
    expect(tags.json().tags).toEqual([{ id: tagId, tag: 'Contracts' }]);

    const sub = await client.createFolder(user, { name: `sub-${user.id}`, parentId: folderId });
    expect(sub.statusCode).toBe(201);
    expect(sub.json()).toMatchObject({ scope: 'groups', groupIds: [groupId] });
    const renamed = await api('PATCH', `/archive/folders/${sub.json().id}`, user, {
      name: `renamed-${user.id}`,
    });
    expect(renamed.statusCode).toBe(200);
    const added = await client.addFile(user, sub.json().id);
    expect(added.statusCode).toBe(201);
    const file = added.json().id;
    expect((await api('PATCH', `/archive/items/${file}`, user, { name: 'x.pdf' })).statusCode).toBe(
      200,
    );
    const deleted = await api('DELETE', `/archive/items/${sub.json().id}`, user);
    expect(deleted.json()).toEqual({ deleted: 2 });
  });

  it('lets a workspace token reach its own workspace’s folders only', async () => {
    const tokenWorkspace = (await createWorkspace(t.database.db, { memberIds: [owner.id] })).id;
    const made = await api('POST', `/workspaces/${tokenWorkspace}/api-tokens`, owner, {
      name: 'Archive robot',
      scope: 'write',
    });
    expect(made.statusCode).toBe(201);
    const bearer = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${made.json().token}` },
        ...(payload ? { payload } : {}),
      });
    const root = (await bearer('GET', '/archive')).json();
    expect(root.items).toEqual([]);
    expect(root.canCreateFolders).toBe(true);
    for (const url of [`/archive/folders/${folderId}`, `/archive/items/${fileId}/pdf`]) {
      expect((await bearer('GET', url)).statusCode, url).toBe(404);
    }
    const elsewhere = await bearer('POST', '/archive/folders', { name: 'robot', workspaceId });
    expect(elsewhere.statusCode).toBe(404);
    const own = await bearer('POST', '/archive/folders', {
      name: 'robot',
      workspaceId: tokenWorkspace,
    });
    expect(own.statusCode).toBe(201);
    expect((await bearer('GET', '/archive')).json().items).toMatchObject([{ name: 'robot' }]);
  });
});

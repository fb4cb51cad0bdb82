import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePages, workspaceMembers } from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { addGroup, archiveClient, pdfBytes } from './test-kit';

/*
 * A workspace token reaches no more of the archive than its maker does at that moment (issue 35,
 * finding 1): the token of an administrator outside group 'Legal' finds nothing of the Legal
 * folder, by listing, download, page text or search; a token of a member of Legal reaches it,
 * until its maker leaves the group; people outside the workspace reach it with no token.
 */

let t: TestApp;
/** Administers the workspace, not in Legal. */
let admin: TestUser;
/** Administers the workspace too, and is in Legal. */
let lawyer: TestUser;
let otherWorkspaceAdmin: TestUser;
let stranger: TestUser;
let workspaceId: string;
let otherWorkspaceId: string;
let legalGroup: string;
let legalFolder: string;
let legalFile: string;
let sharedFile: string;
const client = archiveClient(() => t);
const { api } = client;

/** A word only the Legal file's page holds, and one only the whole workspace's file holds. */
const LEGAL_WORD = 'quillback';
const SHARED_WORD = 'saltmarsh';

beforeAll(async () => {
  t = await createTestApp();
  [admin, lawyer, otherWorkspaceAdmin, stranger] = await createUsers(t.platform, 4);
  const { db } = t.database;
  workspaceId = (await createWorkspace(db, { memberIds: [admin.id, lawyer.id] })).id;
  await db
    .update(workspaceMembers)
    .set({ role: 'edit' })
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, lawyer.id)),
    );
  otherWorkspaceId = (await createWorkspace(db, { memberIds: [otherWorkspaceAdmin.id] })).id;
  legalGroup = await addGroup(db, { workspaceId, name: 'Legal', members: [lawyer] });

  const legal = await client.createFolder(lawyer, {
    name: 'legal',
    workspaceId,
    groupIds: [legalGroup],
  });
  expect(legal.statusCode, legal.body).toBe(201);
  legalFolder = legal.json().id;
  const file = await client.addFile(lawyer, legalFolder, {
    name: 'merger.pdf',
    body: await pdfBytes(`Merger terms ${LEGAL_WORD}`),
  });
  expect(file.statusCode, file.body).toBe(201);
  legalFile = file.json().id;

  const shared = await client.createFolder(admin, { name: 'shared', workspaceId });
  expect(shared.statusCode, shared.body).toBe(201);
  const open = await client.addFile(admin, shared.json().id, {
    name: 'handbook.pdf',
    body: await pdfBytes(`Office handbook ${SHARED_WORD}`),
  });
  expect(open.statusCode, open.body).toBe(201);
  sharedFile = open.json().id;

  // Both files' page text is read (the job of the app's own workers).
  await eventually(async () => {
    const pages = await db.select({ itemId: archivePages.itemId }).from(archivePages);
    const read = new Set(pages.map((page) => page.itemId));
    return read.has(legalFile) && read.has(sharedFile) ? true : undefined;
  });
});
afterAll(() => t?.close());

/** A new workspace token of the user's, made signed in as an administrator makes one. */
async function workspaceToken(
  user: TestUser,
  options: { workspaceId: string; scope?: 'read' | 'write' },
): Promise<string> {
  const made = await api('POST', `/workspaces/${options.workspaceId}/api-tokens`, user, {
    name: 'Archive robot',
    scope: options.scope ?? 'read',
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().token;
}

/** A personal token of the user's. */
async function personalToken(user: TestUser): Promise<string> {
  const made = await api('POST', '/me/api-tokens', user, { name: 'Mine', scope: 'read' });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().token;
}

const bearer = (token: string, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
  });

/** The ids search answers the token for `q`. */
async function found(token: string, q: string): Promise<string[]> {
  const answer = await bearer(token, `/search?q=${encodeURIComponent(q)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { items: { id: string }[] }).items.map((item) => item.id);
}

/** Every way into the Legal folder and its file, as the token. */
const legalRoutes = () => [
  `/archive/folders/${legalFolder}`,
  `/archive/folders/${legalFolder}/items`,
  `/archive/items/${legalFile}`,
  `/archive/items/${legalFile}/pdf`,
  `/archive/items/${legalFile}/pages`,
];

/** The token reaches nothing of the Legal folder: 404 everywhere, absent from lists and search. */
async function expectShutOut(token: string) {
  for (const url of legalRoutes()) {
    const answer = await bearer(token, url);
    expect(answer.statusCode, url).toBe(404);
    expect(answer.json().error.code, url).toBe('archive_item_not_found');
  }
  const root = (await bearer(token, '/archive')).json();
  expect(root.items.map((item: { id: string }) => item.id)).not.toContain(legalFolder);
  for (const q of [LEGAL_WORD, 'merger', 'legal']) {
    const ids = await found(token, q);
    expect(ids, q).not.toContain(legalFile);
    expect(ids, q).not.toContain(legalFolder);
  }
}

describe('a workspace token in the archive', () => {
  it('of an administrator outside Legal reaches nothing of the Legal folder', async () => {
    // In the app the administrator does not reach it.
    expect((await api('GET', `/archive/folders/${legalFolder}`, admin)).statusCode).toBe(404);
    const token = await workspaceToken(admin, { workspaceId });
    await expectShutOut(token);
    // What the administrator does reach, the token reaches too.
    expect((await bearer(token, `/archive/items/${sharedFile}/pdf`)).statusCode).toBe(200);
    const pages = (await bearer(token, `/archive/items/${sharedFile}/pages`)).json();
    expect(pages.pages[0].text).toContain(SHARED_WORD);
    expect(await found(token, SHARED_WORD)).toContain(sharedFile);
  });

  it('of a member of Legal reaches it, and no longer once its maker leaves the group', async () => {
    const token = await workspaceToken(lawyer, { workspaceId });
    const root = (await bearer(token, '/archive')).json();
    expect(root.items.map((item: { id: string }) => item.id)).toContain(legalFolder);
    const items = (await bearer(token, `/archive/folders/${legalFolder}/items`)).json();
    expect(items.items.map((item: { id: string }) => item.id)).toEqual([legalFile]);
    const pdf = await bearer(token, `/archive/items/${legalFile}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = (await bearer(token, `/archive/items/${legalFile}/pages`)).json();
    expect(pages.pages[0].text).toContain(LEGAL_WORD);
    expect(await found(token, LEGAL_WORD)).toEqual([legalFile]);

    // An administrator takes the lawyer out of Legal (leaving someone in it).
    const changed = await api('PUT', `/workspaces/${workspaceId}/groups/${legalGroup}`, admin, {
      name: 'Legal',
      memberIds: [admin.id],
    });
    expect(changed.statusCode, changed.body).toBe(204);
    // The same token, still live, reaches nothing of it now; the admin's in its place does.
    expect((await bearer(token, `/archive/items/${sharedFile}`)).statusCode).toBe(200);
    await expectShutOut(token);
    const adminToken = await workspaceToken(admin, { workspaceId });
    expect((await bearer(adminToken, `/archive/items/${legalFile}/pdf`)).statusCode).toBe(200);

    // Put back for the tests after this one.
    await api('PUT', `/workspaces/${workspaceId}/groups/${legalGroup}`, admin, {
      name: 'Legal',
      memberIds: [lawyer.id],
    });
    expect((await bearer(token, `/archive/items/${legalFile}/pdf`)).statusCode).toBe(200);
  });

  it('refuses a stranger and a user of another workspace', async () => {
    for (const user of [stranger, otherWorkspaceAdmin]) {
      const refused = await api('POST', `/workspaces/${workspaceId}/api-tokens`, user, {
        name: 'Theirs',
        scope: 'read',
      });
      expect(refused.statusCode).toBe(404);
    }
    await expectShutOut(await personalToken(stranger));
    await expectShutOut(await personalToken(otherWorkspaceAdmin));
    const theirs = await workspaceToken(otherWorkspaceAdmin, { workspaceId: otherWorkspaceId });
    await expectShutOut(theirs);
    expect(await found(theirs, SHARED_WORD)).toEqual([]);
  });
});

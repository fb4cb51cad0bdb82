import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveItems, files } from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { uploadFile } from '../../test/uploads';
import { addGroup, archiveClient, pdfBytes } from './test-kit';

/*
 * PDFs into the archive (spec 1 §2, §5, §9): PDF only, checked by name when announced and by its
 * bytes when complete; at most 24 MB, refused before anything is stored; names cleaned; a
 * dropped folder tree made as needed and reused by name; one upload filed once; the viewer's PDF
 * served after the access check.
 */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let workspaceId: string;
let folderId: string;
const client = archiveClient(() => t);
const { api } = client;
const MB = 1_048_576;

beforeAll(async () => {
  t = await createTestApp();
  [owner, member] = await createUsers(t.platform, 2);
  workspaceId = (await createWorkspace(t.database.db, { memberIds: [owner.id, member.id] })).id;
  folderId = (await client.createFolder(owner, { name: 'uploads', workspaceId })).json().id;
});
afterAll(() => t?.close());

/** Every object in the local file store. */
function storedObjects(): string[] {
  const root = path.join(t.platform.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile());
}

const announce = (user: TestUser, body: object) => api('POST', '/uploads', user, body);

describe('archive uploads', () => {
  it('refuses a file over 24 MB when it is announced, storing nothing', async () => {
    const name = `big-${Date.now()}.pdf`;
    const refused = await announce(owner, { name, size: 24 * MB + 1, purpose: 'archive' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toEqual({
      code: 'file_too_large',
      message: `Max file size for attachments is 24.00 Mb. The file "${name}" is 24.00 Mb.`,
      params: { maxMb: '24.00', name, sizeMb: '24.00' },
    });
    expect(await t.database.db.select().from(files).where(eq(files.name, name))).toEqual([]);
    // 24 MB itself is taken, and so is an archive PDF over the attachments' 10 MB.
    for (const size of [24 * MB, 11 * MB]) {
      const taken = await announce(owner, { name: 'ok.pdf', size, purpose: 'archive' });
      expect(taken.statusCode).toBe(201);
      await api('DELETE', `/uploads/${taken.json().id}`, owner);
    }
    const attachment = await announce(owner, {
      name: 'a.pdf',
      size: 11 * MB,
      purpose: 'attachment',
    });
    expect(attachment.statusCode).toBe(413);
  });

  it('refuses what is not a PDF, by its name and by its bytes', async () => {
    const named = await announce(owner, { name: 'notes.docx', size: 100, purpose: 'archive' });
    expect(named.statusCode).toBe(415);
    expect(named.json().error).toMatchObject({
      code: 'archive_not_pdf',
      params: { name: 'notes.docx' },
    });

    const before = storedObjects();
    const body = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2 * MB + 10, 'z')]);
    const { id, response } = await uploadFile(t, owner.cookie, {
      name: 'scan.pdf',
      body,
      purpose: 'archive',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({
      code: 'archive_not_pdf',
      params: { name: 'scan.pdf' },
    });
    expect(
      await t.database.db
        .select()
        .from(files)
        .where(eq(files.id, id ?? '')),
    ).toEqual([]);
    expect(storedObjects()).toEqual(before);
    const filed = await api('POST', `/archive/folders/${folderId}/files`, owner, { uploadId: id });
    expect(filed.statusCode).toBe(404);
  });

  it('files a PDF with a clean name, and serves it to those who open it', async () => {
    const long = `${'a'.repeat(296)}.pdf`;
    const body = await pdfBytes('Cleaned');
    const traversal = await client.addFile(owner, folderId, { name: '../../etc/passwd.pdf', body });
    expect(traversal.statusCode).toBe(201);
    expect(traversal.json()).toMatchObject({
      type: 'file',
      name: 'passwd.pdf',
      originalName: '../../etc/passwd.pdf',
      size: body.length,
      parentId: folderId,
      workspaceId,
      scope: 'workspace',
      textState: 'pending',
    });
    const longName = await client.addFile(owner, folderId, { name: long });
    expect(longName.json().name).toBe(`${'a'.repeat(246)}.pdf`);

    const fileId = traversal.json().id;
    const inline = await api('GET', `/archive/items/${fileId}/pdf`, member);
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(body)).toBe(true);
    expect(inline.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'content-disposition': `inline; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
    });
    const download = await api('GET', `/archive/items/${fileId}/pdf?download=1`, member);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="passwd.pdf"/);
    // A folder has no PDF.
    expect((await api('GET', `/archive/items/${folderId}/pdf`, owner)).statusCode).toBe(404);

    // Its text is read for search by a job, off the request.
    await eventually(async () => {
      const [row] = await t.database.db
        .select({ textState: archiveItems.textState })
        .from(archiveItems)
        .where(eq(archiveItems.id, fileId));
      return row?.textState === 'pending' ? undefined : row;
    });
  });

  it('files one upload once', async () => {
    const uploadId = await client.uploadPdf(owner);
    const url = `/archive/folders/${folderId}/files`;
    const answers = await Promise.all([
      api('POST', url, owner, { uploadId }),
      api('POST', url, owner, { uploadId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const again = await api('POST', url, owner, { uploadId });
    expect(again.json().error.code).toBe('upload_in_use');
    // Someone else's upload, or one made for something else, is not there at all.
    expect((await api('POST', url, member, { uploadId })).statusCode).toBe(404);
    const { id: attachment } = await uploadFile(t, owner.cookie, {
      name: 'a.pdf',
      body: await pdfBytes(),
      purpose: 'attachment',
    });
    const wrong = await api('POST', url, owner, { uploadId: attachment });
    expect(wrong.json().error.code).toBe('upload_not_found');
  });

  it('makes the folders of a dropped tree as needed and reuses those that exist', async () => {
    const drop = (dropPath: string[]) => client.addFile(owner, folderId, { path: dropPath });
    const first = await drop(['Contracts 2024', 'Q1']);
    expect(first.statusCode).toBe(201);
    const q1 = (await api('GET', `/archive/items/${first.json().id}`, owner)).json();
    expect(q1.path.map((crumb: { name: string }) => crumb.name)).toEqual([
      'uploads',
      'contracts-2024',
      'q1',
    ]);
    const second = await drop(['contracts 2024', 'Q2']);
    const third = await drop(['Contracts 2024', 'Q1']);
    expect(third.json().parentId).toBe(first.json().parentId);
    const q2 = (await api('GET', `/archive/items/${second.json().id}`, owner)).json();
    expect(q2.path[1]).toEqual(q1.path[1]);

    // Two drops of a new tree at once make it once.
    const racing = await Promise.all([drop(['Race', 'Inner']), drop(['Race', 'Inner'])]);
    expect(racing.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(racing[0]?.json().parentId).toBe(racing[1]?.json().parentId);

    const folders = await t.database.db
      .select({ name: archiveItems.name })
      .from(archiveItems)
      .where(
        and(
          eq(archiveItems.parentId, folderId),
          eq(archiveItems.type, 'folder'),
          isNull(archiveItems.deletedAt),
        ),
      )
      .orderBy(archiveItems.name);
    expect(folders.map((row) => row.name)).toEqual(['contracts-2024', 'race']);

    const listing = (await api('GET', `/archive/folders/${folderId}/items`, owner)).json();
    const types = listing.items.map((item: { type: string }) => item.type);
    expect(types.slice(0, 2)).toEqual(['folder', 'folder']);
    expect(types.slice(2).every((type: string) => type === 'file')).toBe(true);

    const nameless = await drop(['!!!']);
    expect(nameless.json().error.code).toBe('archive_folder_name_invalid');
  });

  it('does not drop files into a subfolder the uploader does not reach', async () => {
    const groupId = await addGroup(t.database.db, { workspaceId, members: [owner] });
    const secret = await client.createFolder(owner, {
      name: 'secret',
      parentId: folderId,
      groupIds: [groupId],
    });
    expect(secret.statusCode).toBe(201);
    const refused = await client.addFile(member, folderId, { path: ['Secret'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'archive_folder_exists',
      params: { name: 'secret' },
    });
    const inside = await t.database.db
      .select()
      .from(archiveItems)
      .where(eq(archiveItems.parentId, secret.json().id));
    expect(inside).toEqual([]);
  });
});

import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Db } from '../../db/client';
import { workspaceGroupMembers, workspaceGroups } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { apiAs } from '../../test/drafts-factories';
import { uploadFile } from '../../test/uploads';

/* What the archive's API tests share: calls as a user, groups, PDFs, uploads into folders. */

type Caller = { cookie: string } | undefined;

/** A small real PDF with one page of text. */
export async function pdfBytes(text = 'Archived contract'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 20, y: 100, size: 12, font });
  return Buffer.from(await document.save());
}

/** A group of the workspace with these members; its id. */
export async function addGroup(
  db: Db,
  options: { workspaceId: string; name?: string; members: Array<{ id: string }> },
): Promise<string> {
  const [group] = await db
    .insert(workspaceGroups)
    .values({ workspaceId: options.workspaceId, name: options.name ?? 'Group' })
    .returning({ id: workspaceGroups.id });
  if (!group) throw new Error('group not created');
  if (options.members.length > 0) {
    await db
      .insert(workspaceGroupMembers)
      .values(options.members.map((member) => ({ groupId: group.id, userId: member.id })));
  }
  return group.id;
}

/** The archive's calls on the app `getApp` returns (made in beforeAll). */
export function archiveClient(getT: () => TestApp) {
  const api = apiAs(() => getT().app);
  return {
    api,
    /** POST /archive/folders; the answer. */
    createFolder: (user: Caller, body: object) => api('POST', '/archive/folders', user, body),
    /** A completed archive upload of the user's; its id. */
    async uploadPdf(user: { cookie: string }, options: { name?: string; body?: Buffer } = {}) {
      const { id, response } = await uploadFile(getT(), user.cookie, {
        name: options.name ?? 'contract.pdf',
        body: options.body ?? (await pdfBytes()),
        purpose: 'archive',
      });
      if (!id || response.statusCode !== 200) {
        throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
      }
      return id;
    },
    /** An upload filed into the folder (or `path` below it); the answer. */
    async addFile(
      user: { cookie: string },
      folderId: string,
      options: { name?: string; body?: Buffer; path?: string[] } = {},
    ) {
      const uploadId = await this.uploadPdf(user, options);
      return api('POST', `/archive/folders/${folderId}/files`, user, {
        uploadId,
        ...(options.path ? { path: options.path } : {}),
      });
    },
  };
}

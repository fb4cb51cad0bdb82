import type { Readable } from 'node:stream';
import type { documentTagsSchema } from '@pactum/core/api/tags';
import { type AddArchiveFile, cleanFileName } from '@pactum/core/archive';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { archiveItems, files } from '../../db/schema';
import { requireArchiveItem } from '../../documents/archive-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { PDF_TYPE, requireCompletedUpload, startsAsPdf } from '../files';
import { listAvailableTags, listDocumentTags, replaceDocumentTags } from '../tags';
import { ensureFolderPath } from './folders';
import { type ArchiveItem, toArchiveItem } from './listing';
import { queueTextExtraction } from './text';

/*
 * Files of the archive: PDFs uploaded into folders (spec 1 §5: PDF only, at most 24 MB, checked
 * when the upload is announced and by its bytes when it completes), the viewer's PDF and the
 * tags put on files and folders.
 */

/** The first bytes of a stored object, without reading the rest. */
async function readHead(body: Readable, length: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let read = 0;
  try {
    for await (const chunk of body) {
      const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      parts.push(part);
      read += part.length;
      if (read >= length) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(parts).subarray(0, length);
}

/**
 * POST /archive/folders/:folderId/files: the caller's completed archive upload filed into the
 * folder, or into the folders of `path` below it (made as needed, reused by name). The file
 * takes its folder's workspace and reach; its text is read for search by a job.
 */
export async function addArchiveFile(
  platform: Platform,
  options: { userId: string; folderId: string; input: AddArchiveFile },
): Promise<ArchiveItem> {
  const { userId, input } = options;
  const { db } = platform.database;
  const upload = await requireCompletedUpload(db, {
    uploadId: input.uploadId,
    userId,
    purpose: 'archive',
  });
  // The completed upload was checked already; the stored bytes are what is kept, so again.
  const head = await readHead((await platform.storage.stream(upload.storageKey)).body, 8);
  if (!startsAsPdf(head)) throw new AppError('archive_not_pdf', { name: upload.name });

  const created = await db.transaction(async (tx) => {
    const folder = await requireArchiveItem(tx, {
      itemId: options.folderId,
      userId,
      type: 'folder',
      forShare: true,
    });
    // Locked, so the same upload sent twice at once is filed once.
    const file = await requireCompletedUpload(tx, {
      uploadId: upload.id,
      userId,
      purpose: 'archive',
      forUpdate: true,
    });
    const [used] = await tx
      .select({ id: archiveItems.id })
      .from(archiveItems)
      .where(eq(archiveItems.fileId, file.id))
      .limit(1);
    if (used) throw new AppError('upload_in_use');
    const target = await ensureFolderPath(tx, { parent: folder, path: input.path ?? [], userId });
    const [item] = await tx
      .insert(archiveItems)
      .values({
        type: 'file',
        name: cleanFileName(file.name),
        parentId: target.id,
        ancestorIds: [...target.ancestorIds, target.id],
        workspaceId: target.workspaceId,
        scope: target.scope,
        groupIds: target.scope === 'groups' ? target.groupIds : [],
        fileId: file.id,
        originalName: file.name,
        size: file.size,
        fileType: PDF_TYPE,
        extension: 'pdf',
        uploadedAt: file.completedAt ?? new Date(),
        textState: 'pending',
        createdBy: userId,
        modifiedBy: userId,
      })
      .returning();
    if (!item) throw new Error('archive file not created');
    await queueTextExtraction(platform, tx, item.id);
    return item;
  });
  return toArchiveItem(created);
}

/**
 * GET /archive/items/:itemId/pdf: the file's PDF as a stream, after the access check (made on
 * every request: a link does not outlive the caller's access).
 */
export async function openArchivePdf(
  platform: Platform,
  options: { userId: string; itemId: string },
): Promise<{ name: string; size: number; body: Readable }> {
  const { db } = platform.database;
  const item = await requireArchiveItem(db, { ...options, type: 'file' });
  if (!item.fileId) throw new AppError('archive_item_not_found');
  const [file] = await db
    .select({ storageKey: files.storageKey })
    .from(files)
    .where(eq(files.id, item.fileId));
  if (!file) throw new AppError('archive_item_not_found');
  const stored = await platform.storage.stream(file.storageKey);
  const name = /\.pdf$/i.test(item.name) ? item.name : `${item.name}.pdf`;
  return { name, size: stored.size, body: stored.body };
}

export type ArchiveItemTags = z.infer<typeof documentTagsSchema>;

/**
 * GET /archive/items/:itemId/tags: the item's tags the caller reaches, and the tags they could
 * put on it: its workspace's (an Inbox copy, which has none, the caller's workspaces').
 */
export async function getArchiveItemTags(
  platform: Platform,
  options: { userId: string; itemId: string },
): Promise<ArchiveItemTags> {
  const { db } = platform.database;
  const item = await requireArchiveItem(db, options);
  const [tags, available] = await Promise.all([
    listDocumentTags(db, { collection: 'archives', documentId: item.id, userId: options.userId }),
    listAvailableTags(db, { userId: options.userId, workspaceId: item.workspaceId }),
  ]);
  return { tags, available };
}

/** PUT /archive/items/:itemId/tags: the item's tags among those the caller could put on it. */
export async function setArchiveItemTags(
  platform: Platform,
  options: { userId: string; itemId: string; tagIds: string[] },
): Promise<ArchiveItemTags> {
  const { userId } = options;
  await platform.database.db.transaction(async (tx) => {
    const item = await requireArchiveItem(tx, { itemId: options.itemId, userId, forUpdate: true });
    await replaceDocumentTags(tx, {
      collection: 'archives',
      documentId: item.id,
      userId,
      tagIds: options.tagIds,
      available: await listAvailableTags(tx, { userId, workspaceId: item.workspaceId }),
    });
  });
  return getArchiveItemTags(platform, options);
}

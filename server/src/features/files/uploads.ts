import { createHash } from 'node:crypto';
import {
  type CreateUpload,
  formatMb,
  isDocxName,
  isPdfName,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_NAME_MAX,
  type UploadCreated,
  type UploadPurpose,
  type UploadState,
} from '@pactum/core/files';
import { validationMessages } from '@pactum/core/validation';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { newFileKey } from '../../platform/storage/storage';

/*
 * Resumable uploads (spec 2 §4.3, §4.6; tus-like). `POST /uploads` announces the file and
 * checks its size and name; each `PATCH` stores one chunk as its own object and moves the
 * offset with a guarded UPDATE (`WHERE offset = expected`), so two racing chunks cannot both
 * count; the last chunk composes the chunks into the final object and checks its first bytes.
 *
 * Chunks are separate objects rather than appends to one: S3 has no append, and its multipart
 * parts must be at least 5 MB, more than a 10 MB file's chunks. Separate objects work the same
 * on both storage adapters through the plain put/get/delete interface; composing reads them
 * in order once, bounded by ATTACHMENT_MAX_BYTES (ARCHIVE_MAX_BYTES for the archive's PDFs).
 */

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

type FileRow = typeof files.$inferSelect;

const notFound = () => new AppError('upload_not_found');

/** 413 for a file of `size` bytes over `maxBytes`: the sizes in Mb as the message shows them. */
const tooLarge = (name: string, size: number, maxBytes: number) =>
  new AppError('file_too_large', { maxMb: formatMb(maxBytes), name, sizeMb: formatMb(size) });

function stateOf(file: FileRow): UploadState {
  return {
    id: file.id,
    name: file.name,
    offset: file.offset,
    size: file.size,
    isComplete: file.completedAt !== null,
  };
}

/** The caller's own upload; anyone else's is as if it did not exist. */
async function findOwnUpload(
  db: DbOrTx,
  options: { uploadId: string; userId: string; forUpdate?: boolean },
) {
  const query = db
    .select()
    .from(files)
    .where(and(eq(files.id, options.uploadId), eq(files.createdBy, options.userId)));
  const [file] = options.forUpdate ? await query.for('update') : await query;
  if (!file) throw notFound();
  return file;
}

export async function createUpload(
  platform: Platform,
  options: { userId: string; input: Required<CreateUpload> },
): Promise<UploadCreated> {
  const { name, size, purpose } = options.input;
  // The archive cleans the names it keeps; the others keep the name as it came.
  if (purpose !== 'archive' && name.length > UPLOAD_NAME_MAX) {
    throw new AppError(
      'validation_failed',
      {},
      { fields: { name: validationMessages.en.maxLength.replace('{n}', String(UPLOAD_NAME_MAX)) } },
    );
  }
  const maxBytes = maxBytesOf(platform, purpose);
  if (size > maxBytes) {
    throw tooLarge(name, size, maxBytes);
  }
  if (purpose === 'attachment' && !isPdfName(name)) {
    throw new AppError('file_not_pdf', { name });
  }
  if (purpose === 'archive' && !isPdfName(name)) {
    throw new AppError('archive_not_pdf', { name });
  }
  if (purpose === 'import' && !isDocxName(name)) {
    throw new AppError('file_not_docx', { name });
  }
  const isPdf = purpose !== 'import';
  const [file] = await platform.database.db
    .insert(files)
    .values({
      name,
      size,
      type: isPdf ? PDF_TYPE : DOCX_TYPE,
      purpose,
      storageKey: newFileKey(storagePrefixes[purpose], isPdf ? 'pdf' : 'docx'),
      createdBy: options.userId,
    })
    .returning({ id: files.id });
  if (!file) throw new Error('upload not created');
  return { id: file.id, offset: 0, chunkSize: UPLOAD_CHUNK_SIZE };
}

const storagePrefixes: Record<UploadPurpose, string> = {
  attachment: 'attachments',
  import: 'imports',
  archive: 'archives',
};

/** The size limit of a purpose: the archive takes larger PDFs than attachments (spec 1 §9). */
const maxBytesOf = (platform: Platform, purpose: string) =>
  purpose === 'archive' ? platform.config.archiveMaxBytes : platform.config.attachmentMaxBytes;

/** What a completed upload of a purpose must start with, and the refusal when it does not. */
function expectedContent(file: FileRow) {
  if (file.purpose === 'import') return { magic: ZIP_MAGIC, refusal: 'file_not_docx' } as const;
  if (file.purpose === 'archive') return { magic: PDF_MAGIC, refusal: 'archive_not_pdf' } as const;
  return { magic: PDF_MAGIC, refusal: 'file_not_pdf' } as const;
}

/** Whether bytes begin as a PDF does (`%PDF-`). */
export const startsAsPdf = (bytes: Buffer) => bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

export async function getUpload(
  platform: Platform,
  options: { uploadId: string; userId: string },
): Promise<UploadState> {
  return stateOf(await findOwnUpload(platform.database.db, options));
}

/**
 * Stores one chunk at `offset`. A chunk from anywhere but the current offset is refused with
 * 409 (the answer's Upload-Offset says where to continue). The chunk that reaches the size
 * completes the upload; a PATCH at the end with an empty body completes one whose completion
 * was interrupted.
 */
export async function appendChunk(
  platform: Platform,
  options: { uploadId: string; userId: string; offset: number; chunk: Buffer },
): Promise<UploadState> {
  const { db } = platform.database;
  const { storage } = platform;
  const file = await findOwnUpload(db, options);
  if (file.completedAt) throw new AppError('upload_completed');
  if (options.offset !== file.offset) {
    throw new AppError(
      'upload_offset_mismatch',
      { offset: file.offset },
      { headers: { 'upload-offset': String(file.offset) } },
    );
  }
  const { chunk } = options;
  if (chunk.length > file.size - file.offset) {
    throw tooLarge(file.name, file.offset + chunk.length, maxBytesOf(platform, file.purpose));
  }
  if (chunk.length === 0) {
    if (file.offset < file.size) return stateOf(file);
    return completeUpload(platform, file);
  }
  const key = `uploads/${file.id}/${String(file.offset).padStart(10, '0')}-${createHash('sha256')
    .update(chunk)
    .digest('hex')
    .slice(0, 16)}`;
  await storage.put(key, chunk, { contentType: 'application/octet-stream' });
  const [moved] = await db
    .update(files)
    .set({
      offset: sql`${files.offset} + ${chunk.length}`,
      chunkKeys: sql`${files.chunkKeys} || ${JSON.stringify([key])}::jsonb`,
    })
    .where(and(eq(files.id, file.id), eq(files.offset, file.offset), isNull(files.completedAt)))
    .returning();
  if (!moved) {
    // Another chunk won the race for this offset. Its key differs unless the bytes are the
    // same, in which case the object is the winner's too and must stay.
    const [current] = await db.select().from(files).where(eq(files.id, file.id));
    if (!current?.chunkKeys.includes(key)) await storage.delete(key);
    const offset = current?.offset ?? 0;
    throw new AppError(
      'upload_offset_mismatch',
      { offset },
      { headers: { 'upload-offset': String(offset) } },
    );
  }
  if (moved.offset < moved.size) return stateOf(moved);
  return completeUpload(platform, moved);
}

/**
 * Composes the chunks into the final object and checks what it is: a PDF must start with
 * `%PDF-`, a Word document with a zip header. A file that is not what its name says is
 * removed with 415.
 */
async function completeUpload(platform: Platform, file: FileRow): Promise<UploadState> {
  const { storage } = platform;
  const parts: Buffer[] = [];
  for (const key of file.chunkKeys) parts.push(await storage.get(key));
  const body = Buffer.concat(parts);
  const { magic, refusal } = expectedContent(file);
  if (body.length !== file.size || !body.subarray(0, magic.length).equals(magic)) {
    await discardUpload(platform, file);
    throw new AppError(refusal, { name: file.name });
  }
  await storage.put(file.storageKey, body, { contentType: file.type });
  const [done] = await platform.database.db
    .update(files)
    .set({
      completedAt: new Date(),
      sha256: createHash('sha256').update(body).digest('hex'),
      chunkKeys: [],
    })
    .where(and(eq(files.id, file.id), isNull(files.completedAt)))
    .returning();
  await Promise.all(file.chunkKeys.map((key) => storage.delete(key)));
  return stateOf(done ?? { ...file, completedAt: new Date() });
}

async function discardUpload(platform: Platform, file: FileRow) {
  await platform.database.db.delete(files).where(eq(files.id, file.id));
  await Promise.all([
    ...file.chunkKeys.map((key) => platform.storage.delete(key)),
    platform.storage.delete(file.storageKey),
  ]);
}

/** Cancels the caller's unfinished upload and removes its chunks. */
export async function cancelUpload(
  platform: Platform,
  options: { uploadId: string; userId: string },
): Promise<void> {
  const file = await findOwnUpload(platform.database.db, options);
  if (file.completedAt) throw new AppError('upload_completed');
  await discardUpload(platform, file);
}

/**
 * The caller's completed upload of a purpose, for the features that take one (attachments,
 * imports, the archive). 404 for anyone else's, 409 while it is still uploading. `forUpdate`
 * locks the row, so two requests using the same upload at once queue and the second sees the
 * first's use.
 */
export async function requireCompletedUpload(
  db: DbOrTx,
  options: { uploadId: string; userId: string; purpose: UploadPurpose; forUpdate?: boolean },
): Promise<FileRow> {
  const file = await findOwnUpload(db, options);
  if (file.purpose !== options.purpose) throw notFound();
  if (!file.completedAt) throw new AppError('upload_incomplete');
  return file;
}

import type { Readable } from 'node:stream';
import type { DocumentCollection } from '@pactum/core/documents';
import type { Attachment } from '@pactum/core/files';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attachments, deals, files } from '../../db/schema';
import {
  type DocumentCaller,
  documentTopic,
  requireDocument,
} from '../../documents/require-document';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { PDF_TYPE, requireCompletedUpload } from './uploads';

/*
 * PDF attachments of templates, drafts and deals (spec 2 §3 attachment document, §4.6). One
 * service for the three collections: document access decides (view lists and downloads, edit
 * adds, removes and reorders; global templates are readable by everyone, see
 * `requireDocument`). Positions run 1..n in order; a new attachment takes the
 * highest plus one, and removing or moving one renumbers the rest so 'A n' stays gapless.
 * Removing an attachment keeps its file: a draft's copy of a template's attachment shares it.
 */

const notFound = () => new AppError('attachment_not_found');

const attachmentColumns = {
  id: attachments.id,
  name: attachments.name,
  position: attachments.position,
  createdAt: attachments.createdAt,
  size: files.size,
  type: files.type,
};

type AttachmentRow = {
  id: string;
  name: string;
  position: number;
  createdAt: Date;
  size: number;
  type: string;
};

const toAttachment = (row: AttachmentRow): Attachment => ({
  id: row.id,
  name: row.name,
  size: row.size,
  position: row.position,
  isPdf: row.type === PDF_TYPE,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Edit access to change a document's attachments. A deal's attachments are part of what is
 * signed: from signing on (and in the trash) they stay as they are.
 */
async function requireChangeable(
  platform: Platform,
  tx: DbOrTx,
  options: { collection: DocumentCollection; documentId: string; caller: DocumentCaller },
): Promise<void> {
  await requireDocument(platform, tx, { ...options, role: 'edit' });
  if (options.collection !== 'deals') return;
  const [deal] = await tx
    .select({ state: deals.state })
    .from(deals)
    .where(eq(deals.id, options.documentId))
    .for('update');
  if (deal && deal.state !== 'new' && deal.state !== 'negotiate') {
    throw new AppError('attachments_closed');
  }
}

async function listRows(db: DbOrTx, collection: DocumentCollection, documentId: string) {
  return db
    .select(attachmentColumns)
    .from(attachments)
    .innerJoin(files, eq(files.id, attachments.fileId))
    .where(
      and(
        eq(attachments.collection, collection),
        eq(attachments.documentId, documentId),
        isNull(attachments.deletedAt),
      ),
    )
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
}

export async function listAttachments(
  platform: Platform,
  options: { collection: DocumentCollection; documentId: string; caller: DocumentCaller },
): Promise<{ attachments: Attachment[] }> {
  const { db } = platform.database;
  await requireDocument(platform, db, { ...options, role: 'view' });
  const rows = await listRows(db, options.collection, options.documentId);
  return { attachments: rows.map(toAttachment) };
}

export async function addAttachment(
  platform: Platform,
  options: {
    collection: DocumentCollection;
    documentId: string;
    caller: DocumentCaller;
    uploadId: string;
  },
): Promise<Attachment> {
  const { collection, documentId, caller } = options;
  const userId = caller.id;
  return platform.database.db.transaction(async (tx) => {
    await requireChangeable(platform, tx, { collection, documentId, caller });
    const file = await requireCompletedUpload(tx, {
      uploadId: options.uploadId,
      userId,
      purpose: 'attachment',
    });
    const [used] = await tx
      .select({ id: attachments.id })
      .from(attachments)
      .where(eq(attachments.fileId, file.id))
      .limit(1);
    if (used) throw new AppError('upload_in_use');
    const rows = await listRows(tx, collection, documentId);
    const position = Math.max(0, ...rows.map((row) => row.position)) + 1;
    const [created] = await tx
      .insert(attachments)
      .values({
        collection,
        documentId,
        fileId: file.id,
        name: file.name,
        position,
        createdBy: userId,
      })
      .returning();
    if (!created) throw new Error('attachment not created');
    await platform.realtime.publish(tx, {
      topic: documentTopic(collection, documentId),
      type: 'attachments.changed',
    });
    return toAttachment({ ...created, size: file.size, type: file.type });
  });
}

async function findAttachment(db: DbOrTx, attachmentId: string) {
  const [attachment] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, attachmentId), isNull(attachments.deletedAt)));
  if (!attachment) throw notFound();
  return attachment;
}

/** Renumbers the document's attachments 1..n in the given order. */
async function renumber(db: DbOrTx, ordered: { id: string; position: number }[]) {
  for (const [index, row] of ordered.entries()) {
    if (row.position !== index + 1) {
      await db
        .update(attachments)
        .set({ position: index + 1 })
        .where(eq(attachments.id, row.id));
    }
  }
}

/** Moves an attachment to a position (1-based, clamped to the list) and renumbers the rest. */
export async function moveAttachment(
  platform: Platform,
  options: { attachmentId: string; caller: DocumentCaller; position: number },
): Promise<{ attachments: Attachment[] }> {
  return platform.database.db.transaction(async (tx) => {
    const attachment = await findAttachment(tx, options.attachmentId);
    const { collection, documentId } = attachment;
    await requireChangeable(platform, tx, { collection, documentId, caller: options.caller });
    const rows = await listRows(tx, collection, documentId);
    const others = rows.filter((row) => row.id !== attachment.id);
    const moved = rows.find((row) => row.id === attachment.id);
    if (!moved) throw notFound();
    const at = Math.min(Math.max(options.position, 1), rows.length) - 1;
    const ordered = [...others.slice(0, at), moved, ...others.slice(at)];
    await renumber(tx, ordered);
    await platform.realtime.publish(tx, {
      topic: documentTopic(collection, documentId),
      type: 'attachments.changed',
    });
    return {
      attachments: ordered.map((row, index) => toAttachment({ ...row, position: index + 1 })),
    };
  });
}

export async function removeAttachment(
  platform: Platform,
  options: { attachmentId: string; caller: DocumentCaller },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const attachment = await findAttachment(tx, options.attachmentId);
    const { collection, documentId } = attachment;
    await requireChangeable(platform, tx, { collection, documentId, caller: options.caller });
    await tx
      .update(attachments)
      .set({ deletedAt: new Date() })
      .where(eq(attachments.id, attachment.id));
    await renumber(tx, await listRows(tx, collection, documentId));
    await platform.realtime.publish(tx, {
      topic: documentTopic(collection, documentId),
      type: 'attachments.changed',
    });
  });
}

/** The attachment's file for an authorised download. */
export async function openAttachment(
  platform: Platform,
  options: { attachmentId: string; caller: DocumentCaller },
): Promise<{ name: string; type: string; size: number; body: Readable }> {
  const { db } = platform.database;
  const attachment = await findAttachment(db, options.attachmentId);
  await requireDocument(platform, db, {
    collection: attachment.collection,
    documentId: attachment.documentId,
    caller: options.caller,
    role: 'view',
  });
  const [file] = await db.select().from(files).where(eq(files.id, attachment.fileId));
  if (!file?.completedAt) throw notFound();
  const stored = await platform.storage.stream(file.storageKey);
  return { name: attachment.name, type: file.type, size: stored.size, body: stored.body };
}

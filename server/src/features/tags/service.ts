import type { DocumentCollection } from '@pactum/core/documents';
import { type DocumentTags, sectionEventTypes } from '@pactum/core/templates';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  documentTags,
  type TaggedCollection,
  workspaceMembers,
  workspaceTags,
} from '../../db/schema';
import {
  type DocumentCaller,
  documentTopic,
  requireDocument,
} from '../../documents/require-document';
import { isMembershipOf } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';

/*
 * Workspace tags put on documents (templates, drafts, deals) and archive items. A user reaches the tags of the
 * workspaces they belong to; tags of other workspaces on the same document are neither shown
 * to them nor touched by them. Creating workspace tags ('Tag %s already exists') belongs to
 * the workspaces area.
 */

const myWorkspaceIds = (db: DbOrTx, userId: string) =>
  db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(isMembershipOf(userId));

/** The tags on a document that the user can reach, by name. No access check. */
export async function listDocumentTags(
  db: DbOrTx,
  options: { collection: TaggedCollection; documentId: string; userId: string },
): Promise<Array<{ id: string; tag: string }>> {
  return db
    .select({ id: workspaceTags.id, tag: workspaceTags.tag })
    .from(documentTags)
    .innerJoin(workspaceTags, eq(workspaceTags.id, documentTags.tagId))
    .where(
      and(
        eq(documentTags.collection, options.collection),
        eq(documentTags.documentId, options.documentId),
        inArray(workspaceTags.workspaceId, myWorkspaceIds(db, options.userId)),
      ),
    )
    .orderBy(workspaceTags.tag);
}

/**
 * The tags the user can reach on many documents of a collection at once (a listing's page), by
 * document id and name. No access check.
 */
export async function listTagsOfDocuments(
  db: DbOrTx,
  options: { collection: TaggedCollection; documentIds: string[]; userId: string },
): Promise<Map<string, Array<{ id: string; tag: string }>>> {
  const byDocument = new Map<string, Array<{ id: string; tag: string }>>();
  if (options.documentIds.length === 0) return byDocument;
  const rows = await db
    .select({ documentId: documentTags.documentId, id: workspaceTags.id, tag: workspaceTags.tag })
    .from(documentTags)
    .innerJoin(workspaceTags, eq(workspaceTags.id, documentTags.tagId))
    .where(
      and(
        eq(documentTags.collection, options.collection),
        inArray(documentTags.documentId, options.documentIds),
        inArray(workspaceTags.workspaceId, myWorkspaceIds(db, options.userId)),
      ),
    )
    .orderBy(workspaceTags.tag);
  for (const { documentId, ...tag } of rows) {
    byDocument.set(documentId, [...(byDocument.get(documentId) ?? []), tag]);
  }
  return byDocument;
}

/** The tags of the user's workspaces, or of one of them when `workspaceId` is given. */
export async function listAvailableTags(
  db: DbOrTx,
  options: { userId: string; workspaceId?: string | null | undefined },
) {
  return db
    .select({
      id: workspaceTags.id,
      tag: workspaceTags.tag,
      workspaceId: workspaceTags.workspaceId,
    })
    .from(workspaceTags)
    .where(
      and(
        inArray(workspaceTags.workspaceId, myWorkspaceIds(db, options.userId)),
        options.workspaceId ? eq(workspaceTags.workspaceId, options.workspaceId) : undefined,
      ),
    )
    .orderBy(workspaceTags.tag);
}

const availableTags = (db: DbOrTx, userId: string) => listAvailableTags(db, { userId });

/**
 * Makes the tags among `available` on a document exactly `wanted` (ids outside `available` are
 * refused with `tag_not_found`); tags of other workspaces stay. No access check. Whether
 * anything changed.
 */
export async function replaceDocumentTags(
  tx: DbOrTx,
  options: {
    collection: TaggedCollection;
    documentId: string;
    userId: string;
    tagIds: string[];
    available: Array<{ id: string }>;
  },
): Promise<boolean> {
  const { collection, documentId } = options;
  const wanted = [...new Set(options.tagIds)];
  const reachable = new Set(options.available.map((tag) => tag.id));
  if (wanted.some((id) => !reachable.has(id))) throw new AppError('tag_not_found');
  const current = (await listDocumentTags(tx, options)).filter((tag) => reachable.has(tag.id));
  const removed = current.filter((tag) => !wanted.includes(tag.id)).map((tag) => tag.id);
  const added = wanted.filter((id) => !current.some((tag) => tag.id === id));
  if (removed.length > 0) {
    await tx
      .delete(documentTags)
      .where(
        and(
          eq(documentTags.collection, collection),
          eq(documentTags.documentId, documentId),
          inArray(documentTags.tagId, removed),
        ),
      );
  }
  if (added.length > 0) {
    await tx
      .insert(documentTags)
      .values(added.map((tagId) => ({ collection, documentId, tagId, createdBy: options.userId })))
      .onConflictDoNothing();
  }
  return removed.length > 0 || added.length > 0;
}

/** A document's tags and the tags the caller could put on it. */
export async function getDocumentTags(
  platform: Platform,
  options: { collection: DocumentCollection; documentId: string; caller: DocumentCaller },
): Promise<DocumentTags> {
  const { db } = platform.database;
  await requireDocument(platform, db, options);
  const [tags, available] = await Promise.all([
    listDocumentTags(db, { ...options, userId: options.caller.id }),
    availableTags(db, options.caller.id),
  ]);
  return { tags, available };
}

/**
 * Sets the document's tags among those the caller can reach (edit access): tags of the caller's
 * workspaces not listed are removed, listed ones added. A tag id outside the caller's
 * workspaces is refused.
 */
export async function setDocumentTags(
  platform: Platform,
  options: {
    collection: DocumentCollection;
    documentId: string;
    caller: DocumentCaller;
    tagIds: string[];
  },
): Promise<DocumentTags> {
  const { collection, documentId, caller } = options;
  await platform.database.db.transaction(async (tx) => {
    await requireDocument(platform, tx, { collection, documentId, caller, role: 'edit' });
    const isChanged = await replaceDocumentTags(tx, {
      collection,
      documentId,
      userId: caller.id,
      tagIds: options.tagIds,
      available: await availableTags(tx, caller.id),
    });
    if (isChanged) {
      await platform.realtime.publish(tx, {
        topic: documentTopic(collection, documentId),
        type: sectionEventTypes.documentChanged,
        data: { tags: true },
      });
    }
  });
  return getDocumentTags(platform, { collection, documentId, caller });
}

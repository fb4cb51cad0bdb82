import type {
  archiveItemDetailSchema,
  archiveItemSchema,
  archivePageSchema,
  archiveRootSchema,
} from '@pactum/core/api/archive';
import type { ArchivePageQuery } from '@pactum/core/archive';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  archiveFilings,
  archiveItems,
  archivePermissionChanges,
  documentAccess,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { reachesUser } from '../../documents/access';
import {
  type ArchiveItemRow,
  canCreateFolderIn,
  canOpenItem,
  itemReaches,
  requireArchiveItem,
} from '../../documents/archive-access';
import { isMembershipOf } from '../../documents/workspace-access';
import type { Platform } from '../../platform/platform';
import { listTagsOfDocuments } from '../tags';

/*
 * What the archive shows: the root, a folder's items, one item with its place. Every listing
 * holds only what the caller may open, filtered, sorted and paged in SQL.
 */

export type ArchiveItem = z.infer<typeof archiveItemSchema>;
export type ArchiveItemDetail = z.infer<typeof archiveItemDetailSchema>;
export type ArchivePage = z.infer<typeof archivePageSchema>;
export type ArchiveRoot = z.infer<typeof archiveRootSchema>;

type Tag = { id: string; tag: string };

export function toArchiveItem(row: ArchiveItemRow, tags: Tag[] = []): ArchiveItem {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    parentId: row.parentId,
    workspaceId: row.workspaceId,
    scope: row.scope,
    groupIds: row.scope === 'groups' ? row.groupIds : [],
    originalName: row.originalName,
    size: row.size,
    originalDealId: row.originalDealId,
    originalParty: row.originalParty,
    alertCount: row.alertCount,
    textState: row.textState,
    pageCount: row.pageCount,
    tags,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    modifiedAt: row.modifiedAt,
    uploadedAt: row.uploadedAt,
  };
}

/** Rows as answers, with the tags the caller reaches on each (one query for them all). */
async function withTags(db: DbOrTx, rows: ArchiveItemRow[], userId: string) {
  const tags = await listTagsOfDocuments(db, {
    collection: 'archives',
    documentIds: rows.map((row) => row.id),
    userId,
  });
  return rows.map((row) => toArchiveItem(row, tags.get(row.id) ?? []));
}

/** Folders first, then files; each by name regardless of case. */
const itemOrder = [
  asc(sql`CASE WHEN ${archiveItems.type} = 'folder' THEN 0 ELSE 1 END`),
  asc(sql`lower(${archiveItems.name})`),
  asc(archiveItems.id),
];

/** One page of the items matching `where`, with the total. */
async function pageOf(
  db: DbOrTx,
  options: { where: SQL | undefined; query: ArchivePageQuery; userId: string },
): Promise<ArchivePage> {
  const { page, pageSize } = options.query;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(archiveItems)
      .where(options.where)
      .orderBy(...itemOrder)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(archiveItems).where(options.where),
  ]);
  return {
    items: await withTags(db, rows, options.userId),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
  };
}

/**
 * GET /archive: the root folders the caller may open, what the Inbox holds for them (its files
 * and the signed deals of their parties still being filed), whether they belong to a workspace
 * (folders and uploads need one) and whether they may create root folders.
 */
export async function listArchiveRoot(
  platform: Platform,
  options: { userId: string; query: ArchivePageQuery },
): Promise<ArchiveRoot> {
  const { db } = platform.database;
  const { userId } = options;
  const folders = await pageOf(db, {
    where: and(eq(archiveItems.type, 'folder'), isNull(archiveItems.parentId), canOpenItem(userId)),
    query: options.query,
    userId,
  });
  const [[files], [filing], [membership]] = await Promise.all([
    db
      .select({ n: count() })
      .from(archiveItems)
      .where(
        and(eq(archiveItems.type, 'file'), isNull(archiveItems.parentId), canOpenItem(userId)),
      ),
    db
      .select({ n: count() })
      .from(archiveFilings)
      .where(
        and(
          ne(archiveFilings.state, 'done'),
          sql`EXISTS (SELECT 1 FROM ${documentAccess}
            WHERE ${documentAccess.collection} = 'deals'
              AND ${documentAccess.documentId} = ${archiveFilings.dealId}
              AND ${documentAccess.party} = ${archiveFilings.party}
              AND ${reachesUser(userId)})`,
        ),
      ),
    // The caller's highest role in any of their workspaces: 'edit' sorts before 'view'.
    db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(isMembershipOf(userId), isNull(workspaces.deletedAt)))
      .orderBy(asc(workspaceMembers.role))
      .limit(1),
  ]);
  return {
    ...folders,
    inbox: { files: Number(files?.n ?? 0), filing: Number(filing?.n ?? 0) },
    canCreateFolders: membership !== undefined,
    canCreateRootFolder: membership !== undefined && canCreateFolderIn(membership.role, null),
  };
}

/** GET /archive/folders/:folderId/items: the folder's live items the caller reaches. */
export async function listFolderItems(
  platform: Platform,
  options: { userId: string; folderId: string; query: ArchivePageQuery },
): Promise<ArchivePage> {
  const { db } = platform.database;
  const { userId } = options;
  // The folder and everything above it: checked once, so the children need their own scope only.
  const folder = await requireArchiveItem(db, {
    itemId: options.folderId,
    userId,
    type: 'folder',
  });
  return pageOf(db, {
    where: and(
      eq(archiveItems.parentId, folder.id),
      isNull(archiveItems.deletedAt),
      itemReaches(userId),
    ),
    query: options.query,
    userId,
  });
}

/** GET /archive/items/:itemId and /archive/folders/:folderId: one item the caller may open. */
export async function getArchiveItem(
  platform: Platform,
  options: { userId: string; itemId: string; type?: 'folder' | 'file' },
): Promise<ArchiveItemDetail> {
  const { db } = platform.database;
  const item = await requireArchiveItem(db, options);
  return describeItem(db, item, options.userId);
}

/**
 * An item with its place: the folders above it, how much lies below it, whether its groups come
 * from its parent, its workspace's name and its latest permission change. No access check (the
 * caller has checked, or has just changed the item).
 */
export async function describeItem(
  db: DbOrTx,
  item: ArchiveItemRow,
  userId: string,
): Promise<ArchiveItemDetail> {
  const isFolder = item.type === 'folder';
  const [ancestors, [below], [workspace], [change], [answer], [membership]] = await Promise.all([
    item.ancestorIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: archiveItems.id, name: archiveItems.name, scope: archiveItems.scope })
          .from(archiveItems)
          .where(inArray(archiveItems.id, item.ancestorIds)),
    isFolder
      ? db
          .select({ n: count() })
          .from(archiveItems)
          .where(
            and(
              sql`${archiveItems.ancestorIds} @> ARRAY[${item.id}]::uuid[]`,
              isNull(archiveItems.deletedAt),
            ),
          )
      : Promise.resolve([{ n: 0 }]),
    item.workspaceId
      ? db
          .select({ title: workspaces.title })
          .from(workspaces)
          .where(eq(workspaces.id, item.workspaceId))
      : Promise.resolve([]),
    isFolder
      ? db
          .select()
          .from(archivePermissionChanges)
          .where(eq(archivePermissionChanges.folderId, item.id))
          .orderBy(desc(archivePermissionChanges.createdAt), desc(archivePermissionChanges.id))
          .limit(1)
      : Promise.resolve([]),
    withTags(db, [item], userId),
    isFolder && item.workspaceId
      ? db
          .select({ role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(and(isMembershipOf(userId), eq(workspaceMembers.workspaceId, item.workspaceId)))
      : Promise.resolve([]),
  ]);
  const byId = new Map(ancestors.map((ancestor) => [ancestor.id, ancestor]));
  const path = item.ancestorIds.flatMap((id) => {
    const ancestor = byId.get(id);
    return ancestor ? [{ id, name: ancestor.name }] : [];
  });
  const parent = item.parentId ? byId.get(item.parentId) : undefined;
  return {
    ...(answer ?? toArchiveItem(item)),
    path,
    descendantCount: Number(below?.n ?? 0),
    groupsInherited: isFolder && parent?.scope === 'groups',
    workspaceTitle: workspace?.title ?? null,
    permissionChange: change
      ? {
          id: change.id,
          state: change.state,
          total: change.total,
          done: change.done,
          createdAt: change.createdAt,
          finishedAt: change.finishedAt,
        }
      : null,
    canCreateSubfolder: membership !== undefined && canCreateFolderIn(membership.role, item),
  };
}

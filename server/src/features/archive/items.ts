import type { archiveDeletedSchema } from '@pactum/core/api/archive';
import { cleanFileName, isFolderName, type UpdateItem } from '@pactum/core/archive';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { archiveAccess, archiveItems } from '../../db/schema';
import { type ArchiveItemRow, requireArchiveItem } from '../../documents/archive-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { isSameSet, requireNameFree, updateItemRow } from './folders';
import { type ArchiveItemDetail, describeItem } from './listing';
import { startPermissionChange } from './permissions';

/*
 * Renaming, moving and deleting folders and files (spec 1 §5 'Archive', §7 writes). Items move
 * within their workspace only, except a signed deal's copy in the Inbox, which may go into any
 * folder its holder opens and from then on belongs to that folder's workspace and people.
 */

const uuidArray = (ids: string[]) =>
  ids.length === 0
    ? sql`'{}'::uuid[]`
    : sql`ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;

/** Where a moved item goes: a folder the caller opens, or the root (folders only). */
async function moveTarget(
  tx: DbOrTx,
  item: ArchiveItemRow,
  options: { parentId: string | null; userId: string },
): Promise<ArchiveItemRow | null> {
  if (options.parentId === null) {
    if (item.type === 'file') throw new AppError('archive_file_needs_folder');
    return null;
  }
  if (options.parentId === item.id) throw new AppError('archive_move_into_subtree');
  const target = await requireArchiveItem(tx, {
    itemId: options.parentId,
    userId: options.userId,
    type: 'folder',
    forShare: true,
  });
  if (target.ancestorIds.includes(item.id)) throw new AppError('archive_move_into_subtree');
  const isInboxCopy = item.scope === 'party' && item.parentId === null;
  if (!isInboxCopy && target.workspaceId !== item.workspaceId) {
    throw new AppError('archive_move_other_workspace');
  }
  return target;
}

/**
 * Who reaches a moved item. A file takes its new folder's reach. A folder keeps its own unless
 * the new parent is limited to groups (then it has the parent's, as a subfolder made there
 * would): a move never opens a folder to more people than before.
 */
function movedScope(item: ArchiveItemRow, target: ArchiveItemRow | null) {
  if (!target) return { scope: item.scope, groupIds: item.groupIds };
  if (item.type === 'file' || target.scope === 'groups') {
    return { scope: target.scope, groupIds: target.scope === 'groups' ? target.groupIds : [] };
  }
  return { scope: item.scope, groupIds: item.groupIds };
}

/** PATCH /archive/items/:itemId: a new name, a new folder, or both. */
export async function updateArchiveItem(
  platform: Platform,
  options: { userId: string; itemId: string; input: UpdateItem },
): Promise<ArchiveItemDetail> {
  const { userId, input } = options;
  const { db } = platform.database;
  const updated = await db.transaction(async (tx) => {
    const item = await requireArchiveItem(tx, { itemId: options.itemId, userId, forUpdate: true });
    let name = item.name;
    if (input.name !== undefined) {
      if (item.type === 'folder' && !isFolderName(input.name)) {
        throw new AppError('archive_folder_name_invalid');
      }
      name = item.type === 'folder' ? input.name : cleanFileName(input.name);
    }
    const isMoved = input.parentId !== undefined && input.parentId !== item.parentId;
    const target = isMoved
      ? await moveTarget(tx, item, { parentId: input.parentId ?? null, userId })
      : undefined;
    if (name === item.name && !isMoved) return item;

    const values: Partial<typeof archiveItems.$inferInsert> = { name, modifiedBy: userId };
    let isPermissionChanged = false;
    if (target !== undefined) {
      const reach = movedScope(item, target);
      isPermissionChanged =
        item.type === 'folder' &&
        (reach.scope !== item.scope || !isSameSet(reach.groupIds, item.groupIds));
      Object.assign(values, {
        parentId: target?.id ?? null,
        ancestorIds: target ? [...target.ancestorIds, target.id] : [],
        workspaceId: target?.workspaceId ?? item.workspaceId,
        ...reach,
      });
    }
    if (item.type === 'folder') {
      await requireNameFree(tx, {
        workspaceId: values.workspaceId ?? item.workspaceId,
        parentId: values.parentId === undefined ? item.parentId : values.parentId,
        name,
        exceptId: item.id,
      });
    }
    const row = await updateItemRow(tx, item, values);
    if (target !== undefined && item.scope === 'party') {
      // Out of the Inbox: reached through its folder now, no longer through the deal's party.
      await tx.delete(archiveAccess).where(eq(archiveAccess.itemId, item.id));
    }
    if (target !== undefined && item.type === 'folder') {
      // Everything below keeps its path below the folder and takes the folder's new place.
      await tx.execute(sql`
        UPDATE archive_item
        SET ancestor_ids = ${uuidArray(row.ancestorIds)}
          || ancestor_ids[array_position(ancestor_ids, ${item.id}::uuid):]
        WHERE ancestor_ids @> ARRAY[${item.id}]::uuid[]`);
      if (isPermissionChanged) await startPermissionChange(platform, tx, { folder: row, userId });
    }
    return row;
  });
  return describeItem(db, updated, userId);
}

export type ArchiveDeleted = z.infer<typeof archiveDeletedSchema>;

/**
 * DELETE /archive/items/:itemId: the item and everything live below it are marked deleted (kept,
 * never shown again). Answers how many items that was.
 */
export async function deleteArchiveItem(
  platform: Platform,
  options: { userId: string; itemId: string },
): Promise<ArchiveDeleted> {
  const { userId } = options;
  return platform.database.db.transaction(async (tx) => {
    const item = await requireArchiveItem(tx, { itemId: options.itemId, userId, forUpdate: true });
    const deleted = await tx
      .update(archiveItems)
      .set({ deletedAt: new Date(), deletedBy: userId })
      .where(
        and(
          isNull(archiveItems.deletedAt),
          sql`(${archiveItems.id} = ${item.id}
            OR ${archiveItems.ancestorIds} @> ARRAY[${item.id}]::uuid[])`,
        ),
      )
      .returning({ id: archiveItems.id });
    return { deleted: deleted.length };
  });
}

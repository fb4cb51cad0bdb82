import { type CreateFolder, folderSlug, type UpdateFolder } from '@pactum/core/archive';
import { validationMessages } from '@pactum/core/validation';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { archiveItems, workspaceGroups, workspaceMembers, workspaces } from '../../db/schema';
import {
  type ArchiveItemRow,
  itemReaches,
  requireArchiveItem,
  requireFolderCreation,
} from '../../documents/archive-access';
import { isMembershipOf } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { type ArchiveItem, type ArchiveItemDetail, describeItem, toArchiveItem } from './listing';
import { startPermissionChange } from './permissions';

/*
 * Folders (spec 1 §2 'Archive', §5 'Archive', §6): a root folder belongs to a workspace the
 * creator administers, open to the whole workspace or to chosen groups of it; a subfolder
 * takes its parent's workspace, and its groups too when the parent is limited to groups. Who
 * may create one where is `canCreateFolderIn` (access.ts). One
 * live folder of a name in one place (`archive_folder_name_key`): two people creating it at
 * once get one folder, the second a 409.
 */

type Scope = { scope: 'workspace' | 'groups'; groupIds: string[] };

const unique = (ids: string[]) => [...new Set(ids)];

export function isSameSet(a: string[], b: string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/** The groups' scope: chosen groups, or the whole workspace when none are chosen. */
const scopeOf = (groupIds: string[]): Scope =>
  groupIds.length > 0 ? { scope: 'groups', groupIds } : { scope: 'workspace', groupIds: [] };

/** What a folder inside `parent` is open to when nothing is chosen for it: the parent's reach. */
export const inheritedScope = (parent: ArchiveItemRow): Scope =>
  parent.scope === 'groups' ? { scope: 'groups', groupIds: parent.groupIds } : scopeOf([]);

/** The groups must be live groups of the workspace (400 `archive_groups_invalid`). */
async function requireWorkspaceGroups(
  db: DbOrTx,
  options: { workspaceId: string | null; groupIds: string[] },
): Promise<void> {
  if (options.groupIds.length === 0) return;
  if (!options.workspaceId) throw new AppError('archive_groups_invalid');
  const found = await db
    .select({ id: workspaceGroups.id })
    .from(workspaceGroups)
    .where(
      and(
        inArray(workspaceGroups.id, options.groupIds),
        eq(workspaceGroups.workspaceId, options.workspaceId),
        isNull(workspaceGroups.deletedAt),
      ),
    );
  if (found.length !== options.groupIds.length) throw new AppError('archive_groups_invalid');
}

/** Whether the caller belongs to any (live) workspace, within a workspace token's reach. */
async function hasWorkspace(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(isMembershipOf(userId), isNull(workspaces.deletedAt)))
    .limit(1);
  return row !== undefined;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if ((cause as { code?: string }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
};

/** 409 `archive_folder_exists` when a live folder of the name is already in the place. */
export async function requireNameFree(
  db: DbOrTx,
  options: { workspaceId: string | null; parentId: string | null; name: string; exceptId: string },
): Promise<void> {
  const [taken] = await db
    .select({ id: archiveItems.id })
    .from(archiveItems)
    .where(
      and(
        eq(archiveItems.type, 'folder'),
        isNull(archiveItems.deletedAt),
        options.workspaceId
          ? eq(archiveItems.workspaceId, options.workspaceId)
          : isNull(archiveItems.workspaceId),
        options.parentId
          ? eq(archiveItems.parentId, options.parentId)
          : isNull(archiveItems.parentId),
        eq(archiveItems.name, options.name),
        ne(archiveItems.id, options.exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new AppError('archive_folder_exists', { name: options.name });
}

/**
 * Updates an item and turns a clash with another folder's name (a rename or a move racing
 * another) into 409 `archive_folder_exists`.
 */
export async function updateItemRow(
  tx: DbOrTx,
  item: ArchiveItemRow,
  values: Partial<typeof archiveItems.$inferInsert>,
): Promise<ArchiveItemRow> {
  try {
    const [updated] = await tx
      .update(archiveItems)
      .set({ ...values, modifiedAt: new Date() })
      .where(eq(archiveItems.id, item.id))
      .returning();
    if (!updated) throw new AppError('archive_item_not_found');
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('archive_folder_exists', { name: values.name ?? item.name });
    }
    throw error;
  }
}

/**
 * Inserts a folder unless a live one of the name is in the place already (then null): the
 * unique index decides, so concurrent creators cannot make two.
 */
async function insertFolder(
  tx: DbOrTx,
  values: {
    name: string;
    parent: ArchiveItemRow | null;
    workspaceId: string;
    access: Scope;
    userId: string;
  },
): Promise<ArchiveItemRow | null> {
  const { parent } = values;
  const [created] = await tx
    .insert(archiveItems)
    .values({
      type: 'folder',
      name: values.name,
      parentId: parent?.id ?? null,
      ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
      workspaceId: values.workspaceId,
      scope: values.access.scope,
      groupIds: values.access.groupIds,
      createdBy: values.userId,
      modifiedBy: values.userId,
    })
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}

/** POST /archive/folders: a root folder of a workspace or a subfolder. */
export async function createFolder(
  platform: Platform,
  options: { userId: string; input: CreateFolder },
): Promise<ArchiveItem> {
  const { userId, input } = options;
  const { db } = platform.database;
  const created = await db.transaction(async (tx) => {
    let parent: ArchiveItemRow | null = null;
    let workspaceId: string;
    let access: Scope;
    const chosen = unique(input.groupIds ?? []);
    if (input.parentId) {
      parent = await requireArchiveItem(tx, {
        itemId: input.parentId,
        userId,
        type: 'folder',
        forShare: true,
      });
      if (!parent.workspaceId) throw new AppError('archive_item_not_found');
      workspaceId = parent.workspaceId;
      await requireFolderCreation(tx, { userId, workspaceId, parent });
      if (parent.scope === 'groups') {
        // The parent's groups, locked: choosing others is refused rather than ignored.
        if (chosen.length > 0 && !isSameSet(chosen, parent.groupIds)) {
          throw new AppError('archive_groups_inherited');
        }
        access = inheritedScope(parent);
      } else {
        await requireWorkspaceGroups(tx, { workspaceId, groupIds: chosen });
        access = scopeOf(chosen);
      }
    } else {
      if (!input.workspaceId) {
        if (!(await hasWorkspace(tx, userId))) throw new AppError('archive_workspace_required');
        throw new AppError(
          'validation_failed',
          {},
          { fields: { workspaceId: validationMessages.en.required } },
        );
      }
      await requireFolderCreation(tx, { userId, workspaceId: input.workspaceId, parent: null });
      workspaceId = input.workspaceId;
      await requireWorkspaceGroups(tx, { workspaceId, groupIds: chosen });
      access = scopeOf(chosen);
    }
    const folder = await insertFolder(tx, {
      name: input.name,
      parent,
      workspaceId,
      access,
      userId,
    });
    if (!folder) throw new AppError('archive_folder_exists', { name: input.name });
    return folder;
  });
  return toArchiveItem(created);
}

/**
 * PATCH /archive/folders/:folderId: a new name, new groups, or both. New groups change the
 * folder at once and are carried to everything below it by the permission job; a folder whose
 * parent is limited to groups has its parent's and cannot change them.
 */
export async function updateFolder(
  platform: Platform,
  options: { userId: string; folderId: string; input: UpdateFolder },
): Promise<ArchiveItemDetail> {
  const { userId, input } = options;
  const { db } = platform.database;
  const updated = await db.transaction(async (tx) => {
    const folder = await requireArchiveItem(tx, {
      itemId: options.folderId,
      userId,
      type: 'folder',
      forUpdate: true,
    });
    const values: Partial<typeof archiveItems.$inferInsert> = {};
    if (input.name !== undefined && input.name !== folder.name) {
      await requireNameFree(tx, { ...folder, name: input.name, exceptId: folder.id });
      values.name = input.name;
    }
    let isPermissionChanged = false;
    if (input.groupIds !== undefined) {
      const wanted = scopeOf(unique(input.groupIds));
      const [parent] = folder.parentId
        ? await tx
            .select({ scope: archiveItems.scope, groupIds: archiveItems.groupIds })
            .from(archiveItems)
            .where(eq(archiveItems.id, folder.parentId))
        : [];
      if (parent?.scope === 'groups') {
        // The parent's groups are the folder's (or will be once a running change reaches it).
        if (!isSameSet(wanted.groupIds, parent.groupIds)) {
          throw new AppError('archive_groups_inherited');
        }
      } else if (
        wanted.scope !== folder.scope ||
        !isSameSet(wanted.groupIds, folder.scope === 'groups' ? folder.groupIds : [])
      ) {
        await requireWorkspaceGroups(tx, {
          workspaceId: folder.workspaceId,
          groupIds: wanted.groupIds,
        });
        values.scope = wanted.scope;
        values.groupIds = wanted.groupIds;
        isPermissionChanged = true;
      }
    }
    if (Object.keys(values).length === 0) return folder;
    const row = await updateItemRow(tx, folder, { ...values, modifiedBy: userId });
    if (isPermissionChanged) await startPermissionChange(platform, tx, { folder: row, userId });
    return row;
  });
  return describeItem(db, updated, userId);
}

/**
 * The folders of a dropped tree below `parent` (spec 1 §2: created as needed, existing
 * subfolders reused by name), each step's name made a folder name. Returns the last one. A
 * folder of the name that the caller does not reach is not theirs to fill: 409; one they may
 * not create is refused as creating it would be (`requireFolderCreation`).
 */
export async function ensureFolderPath(
  tx: DbOrTx,
  options: { parent: ArchiveItemRow; path: string[]; userId: string },
): Promise<ArchiveItemRow> {
  const { userId } = options;
  let current = options.parent;
  for (const step of options.path) {
    const name = folderSlug(step);
    if (name === '') throw new AppError('archive_folder_name_invalid');
    if (!current.workspaceId) throw new AppError('archive_item_not_found');
    const existing = await findSubfolder(tx, { parent: current, name, userId });
    if (existing) {
      current = existing;
      continue;
    }
    await requireFolderCreation(tx, { userId, workspaceId: current.workspaceId, parent: current });
    const next =
      (await insertFolder(tx, {
        name,
        parent: current,
        workspaceId: current.workspaceId,
        access: inheritedScope(current),
        userId,
      })) ??
      // Made meanwhile by someone else: theirs is reused.
      (await findSubfolder(tx, { parent: current, name, userId }));
    if (!next) throw new AppError('archive_folder_exists', { name });
    current = next;
  }
  return current;
}

/** The live subfolder of the name, held as it is; 409 when the caller does not reach it. */
async function findSubfolder(
  tx: DbOrTx,
  options: { parent: ArchiveItemRow; name: string; userId: string },
): Promise<ArchiveItemRow | null> {
  const [row] = await tx
    .select({ item: archiveItems, isReached: sql<boolean>`${itemReaches(options.userId)}` })
    .from(archiveItems)
    .where(
      and(
        eq(archiveItems.parentId, options.parent.id),
        eq(archiveItems.type, 'folder'),
        eq(archiveItems.name, options.name),
        isNull(archiveItems.deletedAt),
      ),
    )
    .for('share');
  if (!row) return null;
  if (!row.isReached) throw new AppError('archive_folder_exists', { name: options.name });
  return row.item;
}

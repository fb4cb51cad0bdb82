import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { archiveAccess, archiveItems } from '../db/schema';
import { AppError } from '../http/app-error';
import { workspaceScopeOf } from '../http/request-scope';
import { myGroupIds, myWorkspaceIds, type UserRef } from './access';
import { requireMember, type WorkspaceRole } from './workspace-access';

/*
 * Who may open an archive item (spec 1 §6): a member of its workspace when the scope is the
 * workspace, a member of one of its groups when it is limited to groups, and for a signed deal's
 * copy in the Inbox the people the party's access entries reach. Nothing else: no product
 * administrator, no creator's privilege. An item also needs every folder above it to be open to
 * the caller, so removing someone from a folder closes its whole subtree at once, before the
 * permission job has rewritten the items below.
 *
 * In a request made with a workspace token, only that workspace counts, and of its groups only
 * those the token's maker is in (`myWorkspaceIds`, `myGroupIds` in access.ts).
 */

const tokenScopeOf = (userId: UserRef) =>
  typeof userId === 'string' ? workspaceScopeOf(userId) : undefined;

/**
 * The condition that one of an Inbox copy's `archive_access` rows reaches the user: their own
 * row (never in their workspace token's request), their workspaces' and their groups'.
 */
function partyRowsReach(userId: UserRef): SQL {
  const own = tokenScopeOf(userId) ? sql`` : sql`${archiveAccess.userId} = ${userId} OR `;
  return sql`(${own}${archiveAccess.workspaceId} = ANY(${myWorkspaceIds(userId)})
    OR ${archiveAccess.groupId} = ANY(${myGroupIds(userId)}))`;
}

/**
 * The condition that the item aliased `item` (a table reference such as `archiveItems` or an
 * alias of it) reaches the user by its own scope. Ancestors are not looked at here.
 */
export function itemReaches(
  userId: UserRef,
  item: { id: unknown; scope: unknown; workspaceId: unknown; groupIds: unknown } = archiveItems,
): SQL {
  return sql`(
    (${item.scope} = 'workspace' AND ${item.workspaceId} = ANY(${myWorkspaceIds(userId)}))
    OR (${item.scope} = 'groups' AND ${item.groupIds} && ${myGroupIds(userId)})
    OR (${item.scope} = 'party' AND EXISTS (SELECT 1 FROM ${archiveAccess}
      WHERE ${archiveAccess.itemId} = ${item.id} AND ${partyRowsReach(userId)}))
  )`;
}

/**
 * The condition that every live folder above `archive_item` reaches the user (true for items
 * at the root and in the Inbox). A deleted ancestor hides the item too.
 */
export function ancestorsReach(userId: UserRef): SQL {
  return sql`NOT EXISTS (
    SELECT 1 FROM ${archiveItems} AS ancestor
    WHERE ancestor.id = ANY(${archiveItems.ancestorIds})
      AND (ancestor.deleted_at IS NOT NULL OR NOT ${itemReaches(userId, {
        id: sql`ancestor.id`,
        scope: sql`ancestor.scope`,
        workspaceId: sql`ancestor.workspace_id`,
        groupIds: sql`ancestor.group_ids`,
      })})
  )`;
}

/** A live item the user may open: its own scope and every folder above it. */
export function canOpenItem(userId: UserRef): SQL {
  return and(isNull(archiveItems.deletedAt), itemReaches(userId), ancestorsReach(userId)) as SQL;
}

/**
 * The ids of the live items the user may open, as one array expression: gathered by the
 * indexes of each way in (workspace scope, group scope, party access rows), then held to the
 * whole rule, ancestors included (search applies it before ranking).
 */
export function openableItemIds(userId: string): SQL {
  return sql`ARRAY(SELECT ${archiveItems.id} FROM ${archiveItems}
    WHERE ${archiveItems.id} = ANY(ARRAY(
      SELECT way.id FROM ${archiveItems} AS way
        WHERE way.workspace_id = ANY(${myWorkspaceIds(userId)}) AND way.deleted_at IS NULL
      UNION SELECT way.id FROM ${archiveItems} AS way
        WHERE way.group_ids && ${myGroupIds(userId)} AND way.deleted_at IS NULL
      UNION SELECT ${archiveAccess.itemId} FROM ${archiveAccess} WHERE ${partyRowsReach(userId)}))
      AND ${canOpenItem(userId)})`;
}

export type ArchiveItemRow = typeof archiveItems.$inferSelect;

/**
 * The live item the caller may open, of the type asked for; 404 `archive_item_not_found` for
 * anything else (missing, deleted, out of reach), so ids cannot be probed. `forUpdate` locks
 * the row for a change; `forShare` holds it as it is while something is put into it (a
 * permission change of the folder then waits, so the new item gets the folder's final scope).
 */
export async function requireArchiveItem(
  db: DbOrTx,
  options: {
    itemId: string;
    userId: string;
    type?: 'folder' | 'file';
    forUpdate?: boolean;
    forShare?: boolean;
  },
): Promise<ArchiveItemRow> {
  const query = db
    .select()
    .from(archiveItems)
    .where(
      and(
        eq(archiveItems.id, options.itemId),
        options.type ? eq(archiveItems.type, options.type) : undefined,
        canOpenItem(options.userId),
      ),
    );
  const [item] = options.forUpdate
    ? await query.for('update')
    : options.forShare
      ? await query.for('share')
      : await query;
  if (!item) throw new AppError('archive_item_not_found');
  return item;
}

/*
 * Who shapes the archive (issue 35): a workspace's administrators create its root folders, and
 * folders inside any of its folders they open. A member ('User') creates folders only inside a
 * folder limited to groups, which they open only as a member of one of its groups: what a group
 * keeps is its members' to arrange, while the root and the folders of the whole workspace are
 * the administrators' (members view them and file into them). A workspace token has its maker's
 * role, and `view` when it may only read.
 */

/**
 * Whether a member of `role` may create a folder inside `parent`, a folder they open (null: at
 * the root of the workspace's archive).
 */
export function canCreateFolderIn(
  role: WorkspaceRole,
  parent: Pick<ArchiveItemRow, 'scope'> | null,
): boolean {
  return role === 'edit' || parent?.scope === 'groups';
}

/**
 * The same for the caller, refusing: 404 outside the workspace, 403
 * `archive_root_folder_administrators_only` at the root and `archive_folder_view_only` inside a
 * folder they may only view.
 */
export async function requireFolderCreation(
  db: DbOrTx,
  options: { userId: string; workspaceId: string; parent: ArchiveItemRow | null },
): Promise<void> {
  const { role } = await requireMember(db, options);
  if (canCreateFolderIn(role, options.parent)) return;
  throw new AppError(
    options.parent ? 'archive_folder_view_only' : 'archive_root_folder_administrators_only',
  );
}

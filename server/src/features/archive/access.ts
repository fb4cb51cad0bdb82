import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  archiveAccess,
  archiveItems,
  workspaceGroupMembers,
  workspaceGroups,
  workspaceMembers,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { workspaceScopeOf } from '../../http/request-scope';

/*
 * Who may open an archive item (spec 1 §6): a member of its workspace when the scope is the
 * workspace, a member of one of its groups when it is limited to groups, and for a signed deal's
 * copy in the Inbox the people the party's access entries reach. Nothing else: no product
 * administrator, no creator's privilege. An item also needs every folder above it to be open to
 * the caller, so removing someone from a folder closes its whole subtree at once, before the
 * permission job has rewritten the items below.
 *
 * In a request made with a workspace token, only that workspace and its groups count.
 */

/**
 * Whose access is asked: a user id (the caller), or a column of user ids, so one query can ask
 * the rule for many people (an alert's suggestions). A column is never a workspace token's caller.
 */
export type UserRef = string | SQL;

const tokenScopeOf = (userId: UserRef) =>
  typeof userId === 'string' ? workspaceScopeOf(userId) : undefined;

/** The caller's workspaces, as an array expression for `= ANY(…)`. */
function myWorkspaces(userId: UserRef): SQL {
  const scope = tokenScopeOf(userId);
  if (scope) return sql`ARRAY[${scope.workspaceId}]::uuid[]`;
  return sql`ARRAY(SELECT ${workspaceMembers.workspaceId} FROM ${workspaceMembers}
    WHERE ${workspaceMembers.userId} = ${userId})`;
}

/** The caller's live groups, as an array expression. */
function myGroups(userId: UserRef): SQL {
  const scope = tokenScopeOf(userId);
  if (scope) {
    return sql`ARRAY(SELECT ${workspaceGroups.id} FROM ${workspaceGroups}
      WHERE ${workspaceGroups.workspaceId} = ${scope.workspaceId}
        AND ${workspaceGroups.deletedAt} IS NULL)`;
  }
  return sql`ARRAY(SELECT ${workspaceGroupMembers.groupId} FROM ${workspaceGroupMembers}
    JOIN ${workspaceGroups} ON ${workspaceGroups.id} = ${workspaceGroupMembers.groupId}
    WHERE ${workspaceGroupMembers.userId} = ${userId} AND ${workspaceGroups.deletedAt} IS NULL)`;
}

/**
 * The condition that the item aliased `item` (a table reference such as `archiveItems` or an
 * alias of it) reaches the user by its own scope. Ancestors are not looked at here.
 */
export function itemReaches(
  userId: UserRef,
  item: { id: unknown; scope: unknown; workspaceId: unknown; groupIds: unknown } = archiveItems,
): SQL {
  const scope = tokenScopeOf(userId);
  const partyRows = scope
    ? sql`(${archiveAccess.workspaceId} = ${scope.workspaceId}
        OR ${archiveAccess.groupId} = ANY(${myGroups(userId)}))`
    : sql`(${archiveAccess.userId} = ${userId}
        OR ${archiveAccess.workspaceId} = ANY(${myWorkspaces(userId)})
        OR ${archiveAccess.groupId} = ANY(${myGroups(userId)}))`;
  return sql`(
    (${item.scope} = 'workspace' AND ${item.workspaceId} = ANY(${myWorkspaces(userId)}))
    OR (${item.scope} = 'groups' AND ${item.groupIds} && ${myGroups(userId)})
    OR (${item.scope} = 'party' AND EXISTS (SELECT 1 FROM ${archiveAccess}
      WHERE ${archiveAccess.itemId} = ${item.id} AND ${partyRows}))
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
  const scope = tokenScopeOf(userId);
  const partyRows = scope
    ? sql`${archiveAccess.workspaceId} = ${scope.workspaceId}
        OR ${archiveAccess.groupId} = ANY(${myGroups(userId)})`
    : sql`${archiveAccess.userId} = ${userId}
        OR ${archiveAccess.workspaceId} = ANY(${myWorkspaces(userId)})
        OR ${archiveAccess.groupId} = ANY(${myGroups(userId)})`;
  return sql`ARRAY(SELECT ${archiveItems.id} FROM ${archiveItems}
    WHERE ${archiveItems.id} = ANY(ARRAY(
      SELECT way.id FROM ${archiveItems} AS way
        WHERE way.workspace_id = ANY(${myWorkspaces(userId)}) AND way.deleted_at IS NULL
      UNION SELECT way.id FROM ${archiveItems} AS way
        WHERE way.group_ids && ${myGroups(userId)} AND way.deleted_at IS NULL
      UNION SELECT ${archiveAccess.itemId} FROM ${archiveAccess} WHERE ${partyRows}))
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

import {
  type AccessParty,
  type AccessRole,
  type DocumentCollection,
  documentCollections,
} from '@pactum/core/documents';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  documentAccess,
  workspaceGroupMembers,
  workspaceGroups,
  workspaceMembers,
} from '../db/schema';
import { AppError } from '../http/app-error';
import { workspaceScopeOf } from '../http/request-scope';

/** How a user reaches a document, in the order access is resolved (spec 2 §6). */
export type AccessSource = 'user' | 'workspace' | 'group';

export type DocumentAccess = {
  role: AccessRole;
  party: AccessParty | null;
  source: AccessSource;
};

const rank: Record<AccessSource, number> = { user: 0, workspace: 1, group: 2 };

/**
 * Whose reach is asked: a user id (the caller), or a column of user ids, so one query can ask
 * for many people (an alert's suggestions). A column is never a workspace token's caller.
 */
export type UserRef = string | SQL;

/*
 * A workspace token reaches no more than its maker does at that moment, and only within its
 * workspace (issue 35): its workspaces and groups are its maker's current ones held to the
 * token's workspace, never every group of the workspace. They are read from the memberships at
 * each request, so a maker who leaves a group or the workspace takes the token's reach with
 * them. `myWorkspaceIds` and `myGroupIds` say it for every access check that asks whose
 * workspaces and groups reach a document or an archive item (`reachesUser` here, the archive's
 * `itemReaches`, search through both).
 */

/** The workspace a workspace token's request narrows the user's reach to, if any. */
function tokenWorkspaceOf(userId: UserRef): string | undefined {
  return typeof userId === 'string' ? workspaceScopeOf(userId)?.workspaceId : undefined;
}

/**
 * The user's workspaces, as an array expression for `= ANY(…)`; in their workspace token's
 * request, the token's workspace if they still belong to it.
 */
export function myWorkspaceIds(userId: UserRef): SQL {
  const tokenWorkspace = tokenWorkspaceOf(userId);
  return sql`ARRAY(SELECT ${workspaceMembers.workspaceId} FROM ${workspaceMembers}
    WHERE ${workspaceMembers.userId} = ${userId}${
      tokenWorkspace ? sql` AND ${workspaceMembers.workspaceId} = ${tokenWorkspace}` : sql``
    })`;
}

/**
 * The user's live groups, as an array expression; in their workspace token's request, only
 * those of the token's workspace.
 */
export function myGroupIds(userId: UserRef): SQL {
  const tokenWorkspace = tokenWorkspaceOf(userId);
  return sql`ARRAY(SELECT ${workspaceGroupMembers.groupId} FROM ${workspaceGroupMembers}
    JOIN ${workspaceGroups} ON ${workspaceGroups.id} = ${workspaceGroupMembers.groupId}
    WHERE ${workspaceGroupMembers.userId} = ${userId} AND ${workspaceGroups.deletedAt} IS NULL${
      tokenWorkspace ? sql` AND ${workspaceGroups.workspaceId} = ${tokenWorkspace}` : sql``
    })`;
}

/**
 * The access entries that reach a user: their own, their workspaces' and their (live) groups'.
 * The workspace and group ids are gathered first (`= ANY(ARRAY(…))`) rather than tested row by
 * row (`IN (…)` inside an OR), so PostgreSQL combines the user, workspace and group indexes
 * instead of reading every entry of the collection (bench/README.md: deals list, 2.6 → 0.2 ms).
 *
 * In a request made with a workspace token by this user, never the user's own entries: only
 * those of the token's workspace and of the maker's groups in it.
 */
export function reachesUser(userId: string): SQL {
  const own = workspaceScopeOf(userId) ? sql`` : sql`${documentAccess.userId} = ${userId} OR `;
  return sql`(${own}${documentAccess.workspaceId} = ANY(${myWorkspaceIds(userId)})
    OR ${documentAccess.groupId} = ANY(${myGroupIds(userId)}))`;
}

/**
 * The caller's access to a document: their own entry first, then an entry of a workspace they
 * belong to, then one of a group they are in. Null when none applies. Where several entries of
 * the same source apply, `edit` wins over `view`.
 */
export async function resolveAccess(
  db: DbOrTx,
  options: { collection: DocumentCollection; documentId: string; userId: string },
): Promise<DocumentAccess | null> {
  const { collection, documentId, userId } = options;
  const rows = await db
    .select({
      role: documentAccess.role,
      party: documentAccess.party,
      userId: documentAccess.userId,
      workspaceId: documentAccess.workspaceId,
    })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, collection),
        eq(documentAccess.documentId, documentId),
        reachesUser(userId),
      ),
    );
  return bestAccess(rows);
}

/** An access entry as read for the resolution below. */
export type AccessEntry = {
  role: AccessRole;
  party: AccessParty | null;
  userId: string | null;
  workspaceId: string | null;
};

/**
 * Of the entries that reach the caller, the one that applies: their own entry first, then a
 * workspace's, then a group's; within one source `edit` wins over `view`. Null for none.
 */
export function bestAccess(rows: readonly AccessEntry[]): DocumentAccess | null {
  let best: DocumentAccess | null = null;
  for (const row of rows) {
    const source: AccessSource = row.userId ? 'user' : row.workspaceId ? 'workspace' : 'group';
    const candidate = { role: row.role, party: row.party, source };
    if (
      !best ||
      rank[source] < rank[best.source] ||
      (source === best.source && row.role === 'edit' && best.role === 'view')
    ) {
      best = candidate;
    }
  }
  return best;
}

/**
 * The entries of one document that reach the user, as a JSON array for a select list
 * (`accessEntriesOf(…)` beside the document's own columns reads both in one statement); read
 * them back with `bestAccess`.
 */
export function accessEntriesOf(options: {
  collection: DocumentCollection;
  documentId: SQL;
  userId: string;
}): SQL<AccessEntry[]> {
  // Qualified by hand: Drizzle writes a select list's columns without their table.
  return sql<AccessEntry[]>`coalesce((
    SELECT json_agg(json_build_object(
      'role', "document_access"."role", 'party', "document_access"."party",
      'userId', "document_access"."user_id", 'workspaceId', "document_access"."workspace_id"))
    FROM ${documentAccess}
    WHERE "document_access"."collection" = ${options.collection}
      AND "document_access"."document_id" = ${options.documentId}
      AND ${reachesUser(options.userId)}), '[]'::json)`;
}

/**
 * The same, refusing the caller who has none (404, as if the document did not exist, so ids
 * cannot be probed) or who needs `edit` and has only `view` (403).
 */
export async function requireAccess(
  db: DbOrTx,
  options: {
    collection: DocumentCollection;
    documentId: string;
    userId: string;
    role?: AccessRole;
  },
): Promise<DocumentAccess> {
  const access = await resolveAccess(db, options);
  if (!access) throw new AppError('not_found');
  if (options.role === 'edit' && access.role !== 'edit') throw new AppError('forbidden');
  return access;
}

/**
 * Ids of the documents of a collection the user reaches by any route (for lists). Use as a
 * subquery: `inArray(table.id, accessibleDocumentIds(db, ...))`.
 */
export function accessibleDocumentIds(
  db: DbOrTx,
  options: { collection: DocumentCollection; userId: string },
) {
  const { collection, userId } = options;
  return db
    .selectDistinct({ id: documentAccess.documentId })
    .from(documentAccess)
    .where(and(eq(documentAccess.collection, collectionLiteral(collection)), reachesUser(userId)));
}

/**
 * A collection written into the statement rather than bound: with `collection = $n` PostgreSQL
 * costs a named statement's generic plan above a fresh one and plans the dashboard's recent and
 * drafts widgets anew on every request (0.8 ms each at the bench's volume); with the literal
 * it keeps the generic plan. Safe: only a known collection name is ever written.
 */
function collectionLiteral(collection: DocumentCollection): SQL {
  if (!documentCollections.includes(collection))
    throw new Error(`unknown collection ${collection}`);
  return sql.raw(`'${collection}'`);
}

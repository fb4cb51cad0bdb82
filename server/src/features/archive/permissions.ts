import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, RawRows } from '../../db/client';
import { archiveAccess, archiveItems, archivePermissionChanges } from '../../db/schema';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';

/*
 * A folder's permission change carried to everything below it (spec 1 §4: it applies to the
 * folder and every item under it; updates run with concurrency 5). The folder itself changes
 * in the request, and from then on nobody it no longer reaches opens anything below it
 * (`ancestorsReach`); the `archive.permissions` job rewrites the items below in batches so
 * their own scope says the same, committing its progress after each batch.
 *
 * The latest change wins: a batch leaves out the items that a newer change covers (one made on
 * the same folder, on a folder below it or on one above it), whose own job sets them. A run
 * repeated after a crash finds only the items still to change, so it does no harm.
 */

export const PERMISSIONS_JOB = 'archive.permissions';
/** Items rewritten per UPDATE (and per committed step of progress). */
export const PERMISSION_BATCH_SIZE = 200;
/** Changes carried at once in one worker process (spec 1 §9: permission update concurrency 5). */
const PERMISSION_WORKERS = 5;

type PermissionJobData = { changeId: string };

export function permissionsJob(platform: Platform): JobDefinition<PermissionJobData> {
  return defineJob<PermissionJobData>({
    name: PERMISSIONS_JOB,
    workers: PERMISSION_WORKERS,
    retryLimit: 10,
    retryDelaySeconds: 10,
    // Batches of 200 small updates: a subtree of 100 000 items in a few minutes. A run cut
    // short starts again where its committed progress ended.
    expireInSeconds: 30 * 60,
    handle: ({ changeId }) => applyPermissionChange(platform, changeId),
  });
}

const jobsByPlatform = new WeakMap<Platform, JobDefinition<PermissionJobData>>();

/** Registers the job once per platform (the web app and `npm run worker` both call it). */
export function registerArchivePermissionJobs(
  platform: Platform,
): JobDefinition<PermissionJobData> {
  let job = jobsByPlatform.get(platform);
  if (!job) {
    job = permissionsJob(platform);
    platform.jobs.register(job);
    jobsByPlatform.set(platform, job);
  }
  return job;
}

/**
 * Records a change of `folder` (already updated to its new scope and groups) and queues the job
 * that carries it below, in the caller's transaction. `total` is the live items below it.
 */
export async function startPermissionChange(
  platform: Platform,
  tx: DbOrTx,
  options: {
    folder: { id: string; scope: 'workspace' | 'groups' | 'party'; groupIds: string[] };
    userId: string;
  },
): Promise<void> {
  const { folder } = options;
  const [below] = await tx
    .select({ n: count() })
    .from(archiveItems)
    .where(
      and(
        sql`${archiveItems.ancestorIds} @> ARRAY[${folder.id}]::uuid[]`,
        isNull(archiveItems.deletedAt),
      ),
    );
  const [change] = await tx
    .insert(archivePermissionChanges)
    .values({
      folderId: folder.id,
      scope: folder.scope,
      groupIds: folder.scope === 'groups' ? folder.groupIds : [],
      total: Number(below?.n ?? 0),
      createdBy: options.userId,
      // The time of this statement, not of the transaction's start: changes are ordered by it.
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: archivePermissionChanges.id });
  if (!change) throw new Error('permission change not recorded');
  await platform.jobs.enqueue(tx, registerArchivePermissionJobs(platform), {
    changeId: change.id,
  });
}

/** Carries one change to the items below its folder, a batch per transaction. */
export async function applyPermissionChange(platform: Platform, changeId: string): Promise<void> {
  const { db } = platform.database;
  const [change] = await db
    .select({ folderId: archivePermissionChanges.folderId, state: archivePermissionChanges.state })
    .from(archivePermissionChanges)
    .where(eq(archivePermissionChanges.id, changeId));
  if (!change || change.state === 'done') return;
  for (;;) {
    const changed = await db.transaction(async (tx) => {
      // Below the folder, live, not yet as the change says, and not covered by a newer change;
      // locked in id order, so jobs of nested folders running side by side cannot deadlock.
      const candidates = (among: SQL) => sql`
        WITH change AS MATERIALIZED (
          SELECT c.scope, c.group_ids, c.created_at, f.workspace_id
          FROM archive_permission_change AS c
          JOIN archive_item AS f ON f.id = c.folder_id
          WHERE c.id = ${changeId} AND c.state = 'running')
        SELECT below.id FROM archive_item AS below
        WHERE below.ancestor_ids @> ARRAY[${change.folderId}]::uuid[]
          AND below.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM change
            WHERE (below.scope, below.group_ids, below.workspace_id)
              IS DISTINCT FROM (change.scope, change.group_ids, change.workspace_id))
          AND NOT EXISTS (SELECT 1 FROM archive_permission_change AS later
            WHERE later.id <> ${changeId}
              AND later.created_at > (SELECT created_at FROM change)
              AND (later.folder_id = below.id OR later.folder_id = ANY(below.ancestor_ids)))
          AND ${among}`;
      const locked = (
        (await tx.execute(
          sql`${candidates(sql`TRUE`)} ORDER BY below.id LIMIT ${PERMISSION_BATCH_SIZE}
            FOR UPDATE OF below`,
        )) as unknown as RawRows
      ).rows.map((row) => String(row.id));
      if (locked.length === 0) return 0;
      const lockedIds = sql.join(
        locked.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      // Checked again in a statement of its own: a row the lock waited for was changed by a
      // transaction the locking statement did not see (a newer change of a folder below, or its
      // batch), and that newer change must win. The rows stay locked, so this view holds.
      const { rows } = (await tx.execute(sql`
        WITH change AS MATERIALIZED (
          SELECT c.scope, c.group_ids, f.workspace_id
          FROM archive_permission_change AS c
          JOIN archive_item AS f ON f.id = c.folder_id
          WHERE c.id = ${changeId} AND c.state = 'running')
        UPDATE archive_item AS item
        SET scope = change.scope, group_ids = change.group_ids,
          workspace_id = change.workspace_id, modified_at = now()
        FROM change
        WHERE item.id IN (${candidates(sql`below.id IN (${lockedIds})`)})
        RETURNING item.id`)) as unknown as RawRows;
      const ids = rows.map((row) => String(row.id));
      if (ids.length === 0) return locked.length;
      // An Inbox copy moved below the folder is reached through the folder now, not its party.
      await tx.delete(archiveAccess).where(inArray(archiveAccess.itemId, ids));
      await tx
        .update(archivePermissionChanges)
        .set({
          done: sql`least(${archivePermissionChanges.total}, ${archivePermissionChanges.done} + ${ids.length})`,
        })
        .where(eq(archivePermissionChanges.id, changeId));
      return locked.length;
    });
    if (changed < PERMISSION_BATCH_SIZE) break;
  }
  await db
    .update(archivePermissionChanges)
    .set({ state: 'done', done: sql`${archivePermissionChanges.total}`, finishedAt: new Date() })
    .where(
      and(eq(archivePermissionChanges.id, changeId), eq(archivePermissionChanges.state, 'running')),
    );
}

import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { workspaceTags } from '../../../db/schema';

/* The SQL of a workspace's tags. */

/** The workspace's tags by name. */
export async function listTags(db: DbOrTx, workspaceId: string) {
  return db
    .select({ id: workspaceTags.id, tag: workspaceTags.tag, createdAt: workspaceTags.createdAt })
    .from(workspaceTags)
    .where(eq(workspaceTags.workspaceId, workspaceId))
    .orderBy(workspaceTags.tag);
}

/** A new tag; undefined when the workspace has the name already (ignoring case). */
export async function insertTag(
  tx: Tx,
  tag: { workspaceId: string; tag: string; createdBy: string },
) {
  const [created] = await tx
    .insert(workspaceTags)
    .values(tag)
    .onConflictDoNothing()
    .returning({ id: workspaceTags.id, tag: workspaceTags.tag });
  return created;
}

/** Deletes the workspace's tag: the tags removed (none when it has no such tag). */
export async function deleteTag(tx: Tx, workspaceId: string, tagId: string) {
  return tx
    .delete(workspaceTags)
    .where(and(eq(workspaceTags.id, tagId), eq(workspaceTags.workspaceId, workspaceId)))
    .returning({ id: workspaceTags.id });
}

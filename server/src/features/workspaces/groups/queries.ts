import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { workspaceGroupMembers, workspaceGroups } from '../../../db/schema';

/* The SQL of a workspace's groups and their members. */

/** The workspace's groups (not deleted) by name, each with its members' ids. */
export async function listGroups(db: DbOrTx, workspaceId: string) {
  const groups = await db
    .select({
      id: workspaceGroups.id,
      name: workspaceGroups.name,
      description: workspaceGroups.description,
    })
    .from(workspaceGroups)
    .where(and(eq(workspaceGroups.workspaceId, workspaceId), isNull(workspaceGroups.deletedAt)))
    .orderBy(workspaceGroups.name);
  const memberRows =
    groups.length === 0
      ? []
      : await db
          .select({ groupId: workspaceGroupMembers.groupId, userId: workspaceGroupMembers.userId })
          .from(workspaceGroupMembers)
          .where(
            inArray(
              workspaceGroupMembers.groupId,
              groups.map((g) => g.id),
            ),
          );
  return groups.map((group) => ({
    ...group,
    memberIds: memberRows.filter((m) => m.groupId === group.id).map((m) => m.userId),
  }));
}

/** The group, if it is the workspace's and not deleted. */
export async function findLiveGroup(tx: Tx, workspaceId: string, groupId: string) {
  const [group] = await tx
    .select({ id: workspaceGroups.id })
    .from(workspaceGroups)
    .where(
      and(
        eq(workspaceGroups.id, groupId),
        eq(workspaceGroups.workspaceId, workspaceId),
        isNull(workspaceGroups.deletedAt),
      ),
    );
  return group;
}

/** A new group's id (undefined if none was inserted). */
export async function insertGroup(
  tx: Tx,
  group: { workspaceId: string; name: string; description: string; createdBy: string },
) {
  const [created] = await tx
    .insert(workspaceGroups)
    .values(group)
    .returning({ id: workspaceGroups.id });
  return created;
}

export async function setGroupText(
  tx: Tx,
  groupId: string,
  text: { name: string; description: string },
) {
  await tx.update(workspaceGroups).set(text).where(eq(workspaceGroups.id, groupId));
}

/** Marks the group deleted; the row stays for the access records that name it. */
export async function markGroupDeleted(tx: Tx, groupId: string) {
  await tx
    .update(workspaceGroups)
    .set({ deletedAt: new Date() })
    .where(eq(workspaceGroups.id, groupId));
}

export async function insertGroupMembers(tx: Tx, groupId: string, userIds: string[]) {
  await tx.insert(workspaceGroupMembers).values(userIds.map((userId) => ({ groupId, userId })));
}

/** Empties the group: the users it had. */
export async function deleteGroupMembers(tx: Tx, groupId: string) {
  return tx
    .delete(workspaceGroupMembers)
    .where(eq(workspaceGroupMembers.groupId, groupId))
    .returning({ userId: workspaceGroupMembers.userId });
}

export async function listGroupMembers(tx: Tx, groupId: string) {
  return tx
    .select({ userId: workspaceGroupMembers.userId })
    .from(workspaceGroupMembers)
    .where(eq(workspaceGroupMembers.groupId, groupId));
}

/** Takes the user out of every group of the workspace (deleted groups too). */
export async function removeFromWorkspaceGroups(tx: Tx, workspaceId: string, userId: string) {
  const groupIds = tx
    .select({ id: workspaceGroups.id })
    .from(workspaceGroups)
    .where(eq(workspaceGroups.workspaceId, workspaceId));
  await tx
    .delete(workspaceGroupMembers)
    .where(
      and(
        eq(workspaceGroupMembers.userId, userId),
        inArray(workspaceGroupMembers.groupId, groupIds),
      ),
    );
}

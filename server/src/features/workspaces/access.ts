import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type WorkspaceRole = 'edit' | 'view';

/**
 * The caller's role in a workspace. Someone who is not a member gets 404, as if the workspace
 * did not exist, so ids cannot be probed.
 */
export async function requireMember(
  db: DbOrTx,
  options: { workspaceId: string; userId: string },
): Promise<{ role: WorkspaceRole; workspace: typeof workspaces.$inferSelect }> {
  const [row] = await db
    .select({ role: workspaceMembers.role, workspace: workspaces })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, options.workspaceId),
        eq(workspaceMembers.userId, options.userId),
        isNull(workspaces.deletedAt),
      ),
    );
  if (!row) throw new AppError('not_found');
  return row;
}

/** The same, and the caller must be an administrator (billing access role edit). */
export async function requireAdministrator(
  db: DbOrTx,
  options: { workspaceId: string; userId: string },
) {
  const member = await requireMember(db, options);
  if (member.role !== 'edit') {
    throw new AppError('administrators_only');
  }
  return member;
}

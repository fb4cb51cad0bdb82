import type { WorkspaceRole } from '@pactum/core/billing';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { workspaceMembers, workspaces } from '../db/schema';
import { AppError } from '../http/app-error';
import { workspaceScopeOf } from '../http/request-scope';

export type { WorkspaceRole };

/**
 * The user's `workspace_member` rows, as a condition: in a request made with a workspace token
 * by this user, only the token's workspace counts (the user's other workspaces are not its).
 */
export function isMembershipOf(userId: string): SQL | undefined {
  const scope = workspaceScopeOf(userId);
  return and(
    eq(workspaceMembers.userId, userId),
    scope ? eq(workspaceMembers.workspaceId, scope.workspaceId) : undefined,
  );
}

/**
 * The caller's role in a workspace. Someone who is not a member gets 404, as if the workspace
 * did not exist, so ids cannot be probed. A workspace token reaches its own workspace only, as
 * its user's role when it may write and as `view` when it may only read.
 */
export async function requireMember(
  db: DbOrTx,
  options: { workspaceId: string; userId: string },
): Promise<{ role: WorkspaceRole; workspace: typeof workspaces.$inferSelect }> {
  const scope = workspaceScopeOf(options.userId);
  if (scope && scope.workspaceId !== options.workspaceId) throw new AppError('not_found');
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
  return scope?.scope === 'read' ? { ...row, role: 'view' } : row;
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

import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { users, workspaceMembers, workspaces } from '../../db/schema';
import { isMembershipOf } from '../../documents/workspace-access';

/* The SQL of the workspace rows themselves; the areas keep theirs in their own `queries.ts`. */

/** The workspaces the user belongs to, most credits first. */
export async function selectUserWorkspaces(db: DbOrTx, userId: string) {
  return db
    .select({
      id: workspaces.id,
      title: workspaces.title,
      type: workspaces.type,
      credits: workspaces.credits,
      currency: workspaces.currency,
      isVerified: workspaces.isVerified,
      isRejected: workspaces.isRejected,
      isDemo: workspaces.isDemo,
      role: workspaceMembers.role,
      createdAt: workspaces.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(isMembershipOf(userId), isNull(workspaces.deletedAt)))
    .orderBy(desc(workspaces.credits), desc(workspaces.createdAt));
}

/** A new workspace row, as inserted (undefined if none was). */
export async function insertWorkspace(tx: Tx, values: typeof workspaces.$inferInsert) {
  const [created] = await tx.insert(workspaces).values(values).returning();
  return created;
}

/** Whether the user has a second factor. */
export async function hasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [own] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.twoFactorAt)));
  return own !== undefined;
}

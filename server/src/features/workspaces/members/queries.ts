import { DEFAULT_MAX_SEATS, type WorkspaceRole } from '@pactum/core/billing';
import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { users, workspaceInvites, workspaceMembers, workspaces } from '../../../db/schema';
import { AppError } from '../../../http/app-error';

/* The SQL of a workspace's members, its invites and their seats. */

/** The workspace's members with their users, by name. */
export async function listMembers(db: DbOrTx, workspaceId: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: workspaceMembers.role,
      twoFactorAt: users.twoFactorAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(users.name);
}

/** The workspace's invites not accepted yet. */
export async function listOpenInvites(db: DbOrTx, workspaceId: string) {
  return db
    .select({
      email: workspaceInvites.email,
      role: workspaceInvites.role,
      createdAt: workspaceInvites.createdAt,
    })
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), isNull(workspaceInvites.acceptedAt)));
}

/**
 * Locks the workspace row until the transaction ends and counts its seats: members and open
 * invites. Whatever takes a seat holds this lock from count to insert; without it, parallel
 * invitations under READ COMMITTED each saw the last free seat and all took it.
 */
export async function lockSeats(tx: Tx, workspaceId: string) {
  const [locked] = await tx
    .select({ licensing: workspaces.licensing })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  if (!locked) throw new AppError('not_found');
  // Counted in a statement of its own: its snapshot starts after the lock was granted, so it
  // sees what the previous holder committed. Both counts in one statement, so an invite
  // accepted meanwhile (invite closed, member added) is counted once, not zero times.
  const members = tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  const openInvites = tx
    .select({ n: count() })
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), isNull(workspaceInvites.acceptedAt)));
  const [used] = await tx
    .select({ n: sql<number>`(${members}) + (${openInvites})`.mapWith(Number) })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return {
    maxSeats: locked.licensing.maxActiveSeats || DEFAULT_MAX_SEATS,
    usedSeats: used?.n ?? 0,
  };
}

/** Whether a member of the workspace has this e-mail. */
export async function isMemberEmail(tx: Tx, workspaceId: string, email: string) {
  const [alreadyMember] = await tx
    .select({ id: users.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)));
  return alreadyMember !== undefined;
}

/** Opens an invite to the workspace; undefined when one to that e-mail is open already. */
export async function openInvite(
  tx: Tx,
  invite: { workspaceId: string; email: string; role: WorkspaceRole; invitedBy: string },
) {
  const [opened] = await tx
    .insert(workspaceInvites)
    .values(invite)
    // A former member's accepted invite is opened again (they are not a member: checked above);
    // an invite still open is 'already invited'.
    .onConflictDoUpdate({
      target: [workspaceInvites.workspaceId, workspaceInvites.email],
      set: {
        role: invite.role,
        invitedBy: invite.invitedBy,
        acceptedAt: null,
        createdAt: sql`now()`,
      },
      setWhere: isNotNull(workspaceInvites.acceptedAt),
    })
    .returning({ id: workspaceInvites.id });
  return opened;
}

/**
 * Whether any workspace's invite to this e-mail is still open, as a condition (`EXISTS`); the
 * address may be a column of the outer query.
 */
export function openWorkspaceInviteFor(email: string | SQL) {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${workspaceInvites} WHERE ${workspaceInvites.email} = ${email} AND ${workspaceInvites.acceptedAt} IS NULL)`.mapWith(
    Boolean,
  );
}

/** Whether any workspace's invite to this e-mail is still open (a cheap look, one row). */
export async function hasOpenInvite(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ isOpen: openWorkspaceInviteFor(email) })
    .from(sql`(SELECT 1) AS one`);
  return row?.isOpen === true;
}

/** Marks every open invite to this e-mail accepted: the workspaces and roles they were for. */
export async function acceptOpenInvites(tx: Tx, email: string) {
  return tx
    .update(workspaceInvites)
    .set({ acceptedAt: new Date() })
    .where(and(eq(workspaceInvites.email, email), isNull(workspaceInvites.acceptedAt)))
    .returning({ workspaceId: workspaceInvites.workspaceId, role: workspaceInvites.role });
}

/** Adds a member, unless they are one already. */
export async function addMemberOnce(
  tx: Tx,
  member: { workspaceId: string; userId: string; role: WorkspaceRole },
) {
  await tx.insert(workspaceMembers).values(member).onConflictDoNothing();
}

/** The workspace's administrators. */
export async function listAdministrators(tx: Tx, workspaceId: string) {
  return tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'edit')));
}

/** Deletes a membership: the users removed (none when they were no member). */
export async function deleteMember(tx: Tx, workspaceId: string, userId: string) {
  return tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
}

/** Those of the users who are members of the workspace. */
export async function findMembers(db: DbOrTx, workspaceId: string, userIds: string[]) {
  return db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, userIds)),
    );
}

import type { AdminAction } from '@pactum/core/admin';
import type {
  AdminUserDetail,
  AdminUserListQuery,
  adminUserListSchema,
} from '@pactum/core/api/admin';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { logAdminAction } from '../../documents/admin-log';
import { isProductAdmin } from '../../documents/product-admin';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/session';
import type { Platform } from '../../platform/platform';
import { sendVerification } from '../auth';
import { resetSecondFactor } from '../two-factor';
import {
  clearUserDisabled,
  countLiveApiTokens,
  deleteUserSessions,
  markUserDisabled,
  selectLastSignIn,
  selectLiveSessions,
  selectMemberships,
  selectSsoProvider,
  selectUser,
  selectUserPage,
  updateAdminFlag,
} from './users-queries';

/*
 * The admin area's users (issue 17): find a user, see their workspaces and sessions, end
 * sessions, resend the verification mail, grant or revoke the admin flag, disable and enable the
 * account. Every action runs in one transaction with its line in the event log; an action that
 * changes nothing (the flag already so, the account already disabled) writes no line.
 */

/** How many live sessions the user page lists (ending them ends every one). */
const LISTED_SESSIONS = 100;

/** Who acts, and from where (for the event log). */
export type AdminActor = { admin: SessionUser; ipAddress: string };

/** Writes an action on a user to the admin log, in the action's transaction. */
function logUserAction(
  tx: DbOrTx,
  actor: AdminActor & { reason: string },
  user: { id: string; email: string },
  action: AdminAction,
  data?: Record<string, unknown>,
) {
  return logAdminAction(tx, {
    adminId: actor.admin.id,
    action,
    target: { kind: 'user', id: user.id, label: user.email },
    reason: actor.reason,
    ipAddress: actor.ipAddress,
    ...(data ? { data } : {}),
  });
}

type UserList = z.output<typeof adminUserListSchema>;

/** A page of users, newest first (an exact e-mail or id first when searching). */
export async function listUsers(
  platform: Platform,
  options: { query: AdminUserListQuery },
): Promise<UserList> {
  const { q, page, pageSize } = options.query;
  const rows = await selectUserPage(platform.database.db, {
    q,
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
  });
  return { items: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
}

/** The user or a 404. */
async function requireUser(platform: Platform, userId: string) {
  const user = await selectUser(platform.database.db, userId);
  if (!user) throw new AppError('not_found');
  return user;
}

/** The user page: the row's facts, the profile, workspaces with roles, live sessions, tokens. */
export async function getUserDetail(
  platform: Platform,
  options: { userId: string },
): Promise<AdminUserDetail> {
  const { db } = platform.database;
  const user = await requireUser(platform, options.userId);
  const [provider, lastSignInAt, memberships, sessions, apiTokenCount] = await Promise.all([
    user.ssoProvider ?? selectSsoProvider(db, user.id),
    selectLastSignIn(db, user.id),
    selectMemberships(db, user.id),
    selectLiveSessions(db, user.id, LISTED_SESSIONS),
    countLiveApiTokens(db, user.id),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    provider,
    isAdmin: user.isAdmin,
    disabledAt: user.disabledAt,
    createdAt: user.createdAt,
    lastSignInAt,
    workspaces: memberships.slice(0, 3).map(({ id, title }) => ({ id, title })),
    workspaceCount: memberships.length,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    lang: user.lang,
    companyName: user.company.name ?? '',
    disabledReason: user.disabledReason,
    isProductAdmin: isProductAdmin(platform, user),
    hasTwoFactor: user.twoFactorAt !== null,
    memberships,
    // The auth engine stores '' when it did not know the address or the browser.
    sessions: sessions.map((session) => ({
      ...session,
      ipAddress: session.ipAddress || null,
      userAgent: session.userAgent || null,
    })),
    apiTokenCount,
  };
}

/**
 * Ends the user's sessions, or the one `sessionId` of theirs (404 when it is not a live session
 * of the user): their browsers are signed out at their next request.
 */
export async function endUserSessions(
  platform: Platform,
  options: AdminActor & { userId: string; sessionId?: string | undefined; reason: string },
): Promise<{ ended: number }> {
  return platform.database.db.transaction(async (tx) => {
    const user = await selectUser(tx, options.userId);
    if (!user) throw new AppError('not_found');
    const ended = await deleteUserSessions(tx, options);
    if (options.sessionId !== undefined && ended === 0) throw new AppError('not_found');
    await logUserAction(tx, options, user, 'user.sessions-ended', {
      ended,
      ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
    });
    return { ended };
  });
}

/**
 * Mails the verification link again, as the user's own 'Resend' does (and within its limit per
 * user); 409 when the address is already verified. The mail is queued by the auth engine on its
 * own connection, so the log line follows it: a refused or failed send leaves none.
 */
export async function resendUserVerification(
  platform: Platform,
  options: AdminActor & { userId: string; reason: string },
): Promise<void> {
  const user = await requireUser(platform, options.userId);
  if (user.emailVerified) throw new AppError('conflict');
  await sendVerification(platform, { userId: user.id, email: user.email, isVerified: false });
  await platform.database.db.transaction(async (tx) => {
    await logUserAction(tx, options, user, 'user.verification-resent');
  });
}

/**
 * Grants or revokes the admin flag (the admin area also needs a verified staff e-mail). An admin
 * cannot revoke their own (409 `admin_self`): someone else must. Setting it as it already is
 * changes and logs nothing.
 */
export async function setUserAdmin(
  platform: Platform,
  options: AdminActor & { userId: string; isAdmin: boolean; reason: string },
): Promise<void> {
  if (!options.isAdmin && options.userId === options.admin.id) throw new AppError('admin_self');
  await platform.database.db.transaction(async (tx) => {
    const user = await selectUser(tx, options.userId);
    if (!user) throw new AppError('not_found');
    if (!(await updateAdminFlag(tx, options))) return;
    await logUserAction(
      tx,
      options,
      user,
      options.isAdmin ? 'user.admin-granted' : 'user.admin-revoked',
    );
  });
}

/**
 * Disables the account: it cannot sign in, its sessions end now and its API tokens stop working;
 * its documents stay. An admin cannot disable themselves (409 `admin_self`). An account already
 * disabled stays as it was (the first reason kept), with no second log line.
 */
export async function disableUser(
  platform: Platform,
  options: AdminActor & { userId: string; reason: string },
): Promise<void> {
  if (options.userId === options.admin.id) throw new AppError('admin_self');
  await platform.database.db.transaction(async (tx) => {
    const user = await selectUser(tx, options.userId);
    if (!user) throw new AppError('not_found');
    if (!(await markUserDisabled(tx, options))) return;
    const ended = await deleteUserSessions(tx, { userId: user.id });
    await logUserAction(tx, options, user, 'user.disabled', { sessionsEnded: ended });
  });
}

/** Enables a disabled account again (its API tokens work again); no-op when it is not disabled. */
export async function enableUser(
  platform: Platform,
  options: AdminActor & { userId: string; reason: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const user = await selectUser(tx, options.userId);
    if (!user) throw new AppError('not_found');
    if (!(await clearUserDisabled(tx, user.id))) return;
    await logUserAction(tx, options, user, 'user.enabled');
  });
}

/**
 * Support's way back in for someone who lost their authenticator and recovery codes: every second
 * factor and recovery code removed and the account's sessions ended, logged with the reason (the
 * person then signs in with the password and sets a factor up again). Not for one's own account.
 */
export async function resetUserSecondFactor(
  platform: Platform,
  options: AdminActor & { userId: string; reason: string },
): Promise<void> {
  if (options.userId === options.admin.id) throw new AppError('admin_self');
  await platform.database.db.transaction(async (tx) => {
    const user = await selectUser(tx, options.userId);
    if (!user) throw new AppError('not_found');
    await resetSecondFactor(tx, user.id);
    await logUserAction(tx, options, user, 'user.second-factor-reset');
  });
}

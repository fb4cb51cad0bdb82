import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecondFactorMethod } from '@pactum/core/api/two-factor';
import type { Lang } from '@pactum/core/validation';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Auth } from './auth';

/**
 * Whether a session still exists and has not expired (sign-out and password changes end it), and
 * its account is not disabled.
 */
export async function isSessionLive(db: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), isNull(users.disabledAt)),
    )
    .limit(1);
  return row !== undefined;
}

/** The user's columns every signed-in request reads (by cookie or by API token). */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  firstname: users.firstname,
  lastname: users.lastname,
  lang: users.lang,
  isAdmin: users.isAdmin,
  emailVerified: users.emailVerified,
  hasTwoFactor: sql<boolean>`(${users.twoFactorAt} IS NOT NULL)`.mapWith(Boolean),
  /**
   * A workspace of the user requires a second factor and the user has none: until one is set up,
   * only the account's own routes answer (`http/session.ts`). Users with a factor skip the lookup.
   */
  isTwoFactorRequired: sql<boolean>`("user"."two_factor_at" IS NULL AND EXISTS (
    SELECT 1 FROM workspace_member wm JOIN workspace w ON w.id = wm.workspace_id
    WHERE wm.user_id = "user"."id" AND w.require_two_factor AND w.deleted_at IS NULL))`.mapWith(
    Boolean,
  ),
};

export type SessionRow = {
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  /** The second factor the sign-in passed; null for password or single sign-on alone. */
  secondFactor: SecondFactorMethod | null;
  /** When the person last proved who they are in this session (sign-in or re-authentication). */
  authenticatedAt: Date;
  user: {
    id: string;
    email: string;
    name: string;
    firstname: string;
    lastname: string;
    lang: Lang;
    isAdmin: boolean;
    emailVerified: boolean;
    hasTwoFactor: boolean;
    isTwoFactorRequired: boolean;
  };
};

/**
 * What a request's cookie says: no session, a live one, or one due for the auth engine's
 * sliding renewal (then the engine reads it itself and extends it).
 */
export type CookieSession =
  | { kind: 'none' }
  | { kind: 'live'; session: SessionRow }
  | { kind: 'renew' };

/** The value of one cookie in a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Reads the auth engine's signed session cookie the fast way: the HMAC-SHA-256 signature is
 * checked here (constant time) and one indexed join finds the session and its user (unless
 * Pactum's support disabled the account, issue 17: then there is no session). Sessions
 * due for renewal (a day since their last update) are left to the engine, which extends them.
 * The engine stays the only writer of sessions.
 */
export function createCookieSessionReader(options: {
  auth: Auth;
  database: Database;
  renewAfterSeconds: number;
}) {
  let settings: Promise<{ name: string; secret: string }> | undefined;
  const load = () => {
    settings ??= options.auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
    }));
    return settings;
  };
  const query = options.database.db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      updatedAt: sessions.updatedAt,
      secondFactor: sessions.secondFactor,
      authenticatedAt: sessions.authenticatedAt,
      ...sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A disabled account's sessions stop at once: not live, and not renewed either.
    .where(and(eq(sessions.token, sql.placeholder('token')), isNull(users.disabledAt)))
    .limit(1)
    .prepare('pactum_session_by_token');

  return async (cookieHeader: string | undefined): Promise<CookieSession> => {
    if (!cookieHeader) return { kind: 'none' };
    const { name, secret } = await load();
    const raw = readCookie(cookieHeader, name);
    if (!raw) return { kind: 'none' };
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return { kind: 'none' };
    }
    const at = value.lastIndexOf('.');
    if (at < 1) return { kind: 'none' };
    const token = value.slice(0, at);
    const signature = Buffer.from(value.slice(at + 1));
    const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      return { kind: 'none' };
    }
    const [row] = await query.execute({ token });
    const now = Date.now();
    if (!row || row.expiresAt.getTime() <= now) return { kind: 'none' };
    if (now - row.updatedAt.getTime() > options.renewAfterSeconds * 1000) return { kind: 'renew' };
    const {
      sessionId,
      createdAt,
      expiresAt,
      updatedAt: _updatedAt,
      secondFactor,
      authenticatedAt,
      ...user
    } = row;
    return {
      kind: 'live',
      session: { sessionId, createdAt, expiresAt, secondFactor, authenticatedAt, user },
    };
  };
}

/**
 * The session's own columns and the user's, by session id: for a session the auth engine just
 * renewed (its answer lacks Pactum's columns).
 */
export async function readSessionById(
  db: DbOrTx,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      secondFactor: sessions.secondFactor,
      authenticatedAt: sessions.authenticatedAt,
      ...sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(users.disabledAt)))
    .limit(1);
  if (!row) return undefined;
  const { sessionId: id, createdAt, expiresAt, secondFactor, authenticatedAt, ...user } = row;
  return { sessionId: id, createdAt, expiresAt, secondFactor, authenticatedAt, user };
}

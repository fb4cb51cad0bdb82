import type { SignInProvider } from '@pactum/core/admin';
import { ssoProviders } from '@pactum/core/auth';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx, RawRows } from '../../db/client';
import {
  accounts,
  apiTokens,
  authEvents,
  sessions,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

/*
 * The admin area's user queries (issue 17). The list pages in SQL and looks up each row's last
 * sign-in, provider and workspaces for the rows of the page only.
 */

/** Raw rows hand timestamps over as ISO text in UTC, the same from PGlite and node-postgres. */
const isoText = (value: SQL) =>
  sql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A workspace as the user list names it. */
export type WorkspaceRef = { id: string; title: string };

export type UserRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  provider: SignInProvider;
  isAdmin: boolean;
  disabledAt: Date | null;
  createdAt: Date;
  lastSignInAt: Date | null;
  workspaces: WorkspaceRef[];
  workspaceCount: number;
};

const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(String(value));

function providerOf(value: unknown): SignInProvider {
  return value === 'google' || value === 'microsoft' ? value : 'password';
}

function workspaceRefs(value: unknown): WorkspaceRef[] {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.map((item: { id: unknown; title: unknown }) => ({
    id: String(item.id),
    title: String(item.title),
  }));
}

/**
 * A page of users, newest first; with `q`, those whose folded e-mail or name contains the folded
 * text (the trigram index `user_admin_search_idx` serves it), or whose id it is, an exact e-mail
 * or id first. `limit` rows from `offset`: the caller asks one more than the page to learn
 * whether there are more.
 *
 *   WITH page AS (SELECT … FROM "user" WHERE <q> ORDER BY … LIMIT … OFFSET …)
 *   SELECT … FROM page
 *   LEFT JOIN LATERAL (the newest 'login' auth_event of the user: auth_event_user_idx) …
 *   LEFT JOIN LATERAL (the first 3 workspaces by title, and how many) …
 *
 * The lookups run for the page's rows only, never for every user.
 */
export async function selectUserPage(
  db: DbOrTx,
  options: { q: string; limit: number; offset: number },
): Promise<UserRow[]> {
  const q = options.q.trim();
  const folded = sql`'%' || pactum_fold(${escapeLike(q)}) || '%'`;
  const isId = UUID.test(q);
  const match = q
    ? sql`WHERE (pactum_admin_user_text(u.email, u.name) LIKE ${folded}${
        isId ? sql` OR u.id = ${q.toLowerCase()}::uuid` : sql``
      })`
    : sql``;
  // Only a search ranks: an exact e-mail or id before the rest, each group newest first.
  const rank = q
    ? sql`CASE WHEN u.email = ${q.toLowerCase()}${isId ? sql` OR u.id = ${q.toLowerCase()}::uuid` : sql``} THEN 0 ELSE 1 END`
    : sql`0`;
  const pageOrder = q ? sql`rank, u.created_at DESC, u.id DESC` : sql`u.created_at DESC, u.id DESC`;
  const query = sql`
    WITH page AS (
      SELECT u.id, u.name, u.email, u.email_verified, u.is_admin, u.sso_provider,
          u.disabled_at, u.created_at, ${rank} AS rank
        FROM ${users} u
        ${match}
        ORDER BY ${pageOrder}
        LIMIT ${options.limit} OFFSET ${options.offset}
    )
    SELECT page.id, page.name, page.email, page.email_verified, page.is_admin,
        coalesce(page.sso_provider, (
          SELECT a.provider_id FROM ${accounts} a
            WHERE a.user_id = page.id AND a.provider_id IN ('google', 'microsoft')
            ORDER BY a.created_at LIMIT 1
        ), 'password') AS provider,
        ${isoText(sql`page.disabled_at`)} AS disabled_at,
        ${isoText(sql`page.created_at`)} AS created_at,
        ${isoText(sql`last_login.created_at`)} AS last_sign_in_at,
        first_workspaces.items AS workspaces,
        workspace_count.n AS workspace_count
      FROM page
      LEFT JOIN LATERAL (
        SELECT e.created_at FROM ${authEvents} e
          WHERE e.user_id = page.id AND e.type = 'login'
          ORDER BY e.created_at DESC LIMIT 1
      ) AS last_login ON true
      LEFT JOIN LATERAL (
        SELECT coalesce(json_agg(json_build_object('id', first.id, 'title', first.title)
            ORDER BY first.title, first.id), '[]'::json) AS items
          FROM (
            SELECT w.id, w.title FROM ${workspaceMembers} m
              JOIN ${workspaces} w ON w.id = m.workspace_id
              WHERE m.user_id = page.id AND w.deleted_at IS NULL
              ORDER BY w.title, w.id LIMIT 3
          ) AS first
      ) AS first_workspaces ON true
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS n FROM ${workspaceMembers} m
          JOIN ${workspaces} w ON w.id = m.workspace_id
          WHERE m.user_id = page.id AND w.deleted_at IS NULL
      ) AS workspace_count ON true
      ORDER BY ${q ? sql`page.rank, ` : sql``}page.created_at DESC, page.id DESC`;
  const { rows } = (await db.execute(query)) as unknown as RawRows;
  return rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    emailVerified: row.email_verified === true,
    provider: providerOf(row.provider),
    isAdmin: row.is_admin === true,
    disabledAt: dateOrNull(row.disabled_at),
    createdAt: new Date(String(row.created_at)),
    lastSignInAt: dateOrNull(row.last_sign_in_at),
    workspaces: workspaceRefs(row.workspaces),
    workspaceCount: Number(row.workspace_count ?? 0),
  }));
}

/** The user's record, or undefined. */
export async function selectUser(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The single sign-on provider of the user's first OpenID identity, if any. */
export async function selectSsoProvider(db: DbOrTx, userId: string): Promise<SignInProvider> {
  const [row] = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inArray(accounts.providerId, ssoProviders)))
    .orderBy(asc(accounts.createdAt))
    .limit(1);
  return providerOf(row?.providerId);
}

/** When the user last signed in (their newest 'login' auth event), or null. */
export async function selectLastSignIn(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: authEvents.createdAt })
    .from(authEvents)
    .where(and(eq(authEvents.userId, userId), eq(authEvents.type, 'login')))
    .orderBy(desc(authEvents.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Every workspace of the user (not deleted) with their role there, by title. */
export async function selectMemberships(db: DbOrTx, userId: string) {
  return db
    .select({
      id: workspaces.id,
      title: workspaces.title,
      role: workspaceMembers.role,
      type: workspaces.type,
      isVerified: workspaces.isVerified,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), isNull(workspaces.deletedAt)))
    .orderBy(asc(workspaces.title), asc(workspaces.id));
}

/** The user's live (unexpired) sessions, newest first, at most `limit`; never their tokens. */
export async function selectLiveSessions(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit);
}

/** How many of the user's API tokens still work (not revoked, not expired). */
export async function countLiveApiTokens(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Deletes the user's sessions (or the one `sessionId` of theirs); how many ended. */
export async function deleteUserSessions(
  db: DbOrTx,
  options: { userId: string; sessionId?: string | undefined },
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, options.userId),
        options.sessionId === undefined ? undefined : eq(sessions.id, options.sessionId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** Sets the admin flag unless it already is so; whether it changed. */
export async function updateAdminFlag(
  db: DbOrTx,
  options: { userId: string; isAdmin: boolean },
): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ isAdmin: options.isAdmin, updatedAt: new Date() })
    .where(and(eq(users.id, options.userId), ne(users.isAdmin, options.isAdmin)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Disables the account unless it already is; whether it changed. */
export async function markUserDisabled(
  db: DbOrTx,
  options: { userId: string; reason: string },
): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ disabledAt: sql`now()`, disabledReason: options.reason, updatedAt: new Date() })
    .where(and(eq(users.id, options.userId), isNull(users.disabledAt)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Enables a disabled account again; whether it changed. */
export async function clearUserDisabled(db: DbOrTx, userId: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ disabledAt: null, disabledReason: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNotNull(users.disabledAt)))
    .returning({ id: users.id });
  return changed.length > 0;
}

import { createHash } from 'node:crypto';
import { type ApiTokenScope, isApiTokenFormat } from '@pactum/core/api-tokens';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens, users, workspaceMembers, workspaces } from '../../db/schema';
import { type SessionRow, sessionUserColumns } from './sessions';

/** What the database keeps of a token: the SHA-256 of its text, hex. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A live token and the user it belongs to, as a request authenticated by it sees them. */
export type ApiTokenSession = Omit<SessionRow, 'secondFactor' | 'authenticatedAt'> & {
  token: {
    id: string;
    scope: ApiTokenScope;
    /** Set for a workspace token: it acts as this workspace and nothing else. */
    workspaceId: string | null;
    expiresAt: Date | null;
    lastUsedAt: Date | null;
  };
};

/**
 * The live token with this text, or null: unknown, revoked, expired, its user's account disabled,
 * or a workspace token whose workspace is gone or whose user is no longer its member. Read from
 * the database on every request (one indexed lookup), so a revocation holds at once in every
 * process.
 */
export async function findApiToken(db: DbOrTx, token: string): Promise<ApiTokenSession | null> {
  if (!isApiTokenFormat(token)) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      workspaceId: apiTokens.workspaceId,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      ...sessionUserColumns,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashApiToken(token)),
        isNull(apiTokens.revokedAt),
        // A disabled account's tokens stop with its sessions (issue 17).
        isNull(users.disabledAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
        or(
          isNull(apiTokens.workspaceId),
          sql`EXISTS (SELECT 1 FROM ${workspaceMembers}
            JOIN ${workspaces} ON ${workspaces.id} = ${workspaceMembers.workspaceId}
            WHERE ${workspaceMembers.workspaceId} = ${apiTokens.workspaceId}
              AND ${workspaceMembers.userId} = ${apiTokens.userId}
              AND ${workspaces.deletedAt} IS NULL)`,
        ),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { tokenId, scope, workspaceId, createdAt, expiresAt, lastUsedAt, ...user } = row;
  return {
    sessionId: `token:${tokenId}`,
    createdAt,
    // A token without an expiry has no end; the session type wants a date.
    expiresAt: expiresAt ?? new Date(8_640_000_000_000_000),
    user,
    token: { id: tokenId, scope, workspaceId, expiresAt, lastUsedAt },
  };
}

/**
 * Notes that the token was used now, at most once a minute: the condition makes the other
 * requests of the minute (and parallel ones) write nothing.
 */
export async function touchApiToken(db: DbOrTx, tokenId: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
}

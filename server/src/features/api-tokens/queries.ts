import type { ApiTokenScope } from '@pactum/core/api-tokens';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens } from '../../db/schema';

/** Whose tokens: a person's own (personal), or a workspace's (made by any administrator). */
export type TokenOwner =
  | { kind: 'personal'; userId: string }
  | { kind: 'workspace'; workspaceId: string };

/** The most a list shows: the newest 100 (revoked included); nobody needs more to pick one. */
export const API_TOKEN_LIST_LIMIT = 100;

/** What a list and an answer show of a token (never its hash). */
const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
  workspaceId: apiTokens.workspaceId,
};

export type ListedApiToken = {
  id: string;
  name: string;
  scope: ApiTokenScope;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  workspaceId: string | null;
};

function ownedBy(owner: TokenOwner): SQL | undefined {
  return owner.kind === 'personal'
    ? and(eq(apiTokens.userId, owner.userId), isNull(apiTokens.workspaceId))
    : eq(apiTokens.workspaceId, owner.workspaceId);
}

export async function insertApiToken(
  db: DbOrTx,
  values: {
    userId: string;
    workspaceId: string | null;
    name: string;
    scope: ApiTokenScope;
    tokenHash: string;
    prefix: string;
    expiresInDays: number | null;
  },
): Promise<ListedApiToken> {
  const { expiresInDays, ...rest } = values;
  const [row] = await db
    .insert(apiTokens)
    .values({
      ...rest,
      // Counted on the database's clock, as the check on each request is.
      expiresAt:
        expiresInDays === null ? null : sql`now() + make_interval(days => ${expiresInDays})`,
    })
    .returning(listed);
  if (!row) throw new Error('api token not stored');
  return row;
}

export function selectApiTokens(db: DbOrTx, owner: TokenOwner): Promise<ListedApiToken[]> {
  return db
    .select(listed)
    .from(apiTokens)
    .where(ownedBy(owner))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(API_TOKEN_LIST_LIMIT);
}

/** Revokes the owner's token (a revoked one keeps its first revocation time); null: none. */
export async function revokeApiTokenRow(
  db: DbOrTx,
  owner: TokenOwner,
  tokenId: string,
): Promise<ListedApiToken | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(and(eq(apiTokens.id, tokenId), ownedBy(owner)))
    .returning(listed);
  return row ?? null;
}

import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_BYTES,
  apiTokenPrefix,
  type createApiTokenSchema,
  formatApiToken,
} from '@pactum/core/api-tokens';
import type { z } from 'zod';
import { requireAdministrator } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import { hashApiToken } from '../../platform/auth/api-tokens';
import type { Platform } from '../../platform/platform';
import {
  insertApiToken,
  type ListedApiToken,
  revokeApiTokenRow,
  selectApiTokens,
  type TokenOwner,
} from './queries';

/*
 * API tokens (issue 18): a person's own, and a workspace's (managed by its administrators). A
 * token is shown once, when made; the database keeps its SHA-256 and its prefix. Requests made
 * with tokens are authenticated in `http/session.ts` and guarded in `http/token-guard.ts`.
 */

/** Whose tokens a request manages: its own, or a workspace's when it names one. */
type Target = { userId: string; workspaceId?: string | undefined };

/** The owner of the tokens managed, after checking that the caller administers the workspace. */
async function ownerOf(platform: Platform, target: Target): Promise<TokenOwner> {
  if (target.workspaceId === undefined) return { kind: 'personal', userId: target.userId };
  await requireAdministrator(platform.database.db, {
    workspaceId: target.workspaceId,
    userId: target.userId,
  });
  return { kind: 'workspace', workspaceId: target.workspaceId };
}

/** A new token; the answer is the only time its text is ever given out. */
export async function createApiToken(
  platform: Platform,
  options: Target & { input: z.output<typeof createApiTokenSchema> },
): Promise<ListedApiToken & { token: string }> {
  const owner = await ownerOf(platform, options);
  const token = formatApiToken(new Uint8Array(randomBytes(API_TOKEN_BYTES)));
  const row = await insertApiToken(platform.database.db, {
    userId: options.userId,
    workspaceId: owner.kind === 'workspace' ? owner.workspaceId : null,
    name: options.input.name,
    scope: options.input.scope,
    tokenHash: hashApiToken(token),
    prefix: apiTokenPrefix(token),
    expiresInDays: options.input.expiresInDays,
  });
  return { ...row, token };
}

/** The owner's newest tokens, revoked ones included. */
export async function listApiTokens(
  platform: Platform,
  options: Target,
): Promise<ListedApiToken[]> {
  return selectApiTokens(platform.database.db, await ownerOf(platform, options));
}

/** Revokes a token at once (every process checks the database on each request); idempotent. */
export async function revokeApiToken(
  platform: Platform,
  options: Target & { tokenId: string },
): Promise<ListedApiToken> {
  const owner = await ownerOf(platform, options);
  const row = await revokeApiTokenRow(platform.database.db, owner, options.tokenId);
  if (!row) throw new AppError('token_not_found');
  return row;
}

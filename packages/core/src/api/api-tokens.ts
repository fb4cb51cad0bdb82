import { z } from 'zod';
import { apiTokenScopes } from '../api-tokens';
import { isoDateTime } from './wire';

/* Answers of the API token routes (a person's own tokens and a workspace's tokens). */

/** A token as lists show it: never the token itself, only its prefix. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  /** The token's first characters (`pct_` and 8 more), to tell it apart. */
  prefix: z.string(),
  createdAt: isoDateTime,
  /** Last request made with it (updated at most once a minute); null: never used. */
  lastUsedAt: isoDateTime.nullable(),
  /** When it stops working; null: never. */
  expiresAt: isoDateTime.nullable(),
  /** When it was revoked; null: not revoked. */
  revokedAt: isoDateTime.nullable(),
  /** The workspace a workspace token acts as; null for a personal token. */
  workspaceId: z.uuid().nullable(),
});

/** GET …/api-tokens: the newest 100 tokens, revoked ones included, newest first. */
export const apiTokenListSchema = z.array(apiTokenSchema);

/** POST …/api-tokens (201): the one answer that carries the token. */
export const createdApiTokenSchema = apiTokenSchema.extend({
  /** `pct_` + 43 base64url characters: shown once, stored only as its SHA-256. */
  token: z.string(),
});

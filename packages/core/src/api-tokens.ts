import { z } from 'zod';
import { messageKey, requiredText } from './validation';

/*
 * API tokens for the public API (issue 18): a person's own tokens and a workspace's tokens,
 * sent as `Authorization: Bearer pct_…` on the same /api/v1 routes as the browser uses. The
 * server keeps only the SHA-256 of a token and its first characters (the prefix lists show).
 */

/** What a token may do: `read` only GET (and HEAD), `write` everything its owner may. */
export const apiTokenScopes = ['read', 'write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** Expiry choices the web offers, in days; null (never) is the other choice. */
export const apiTokenExpiryDays = [30, 90, 365] as const;

/** The longest life a token can be given, in days. */
export const API_TOKEN_MAX_DAYS = 365;

/** POST /api/v1/me/api-tokens and POST /api/v1/workspaces/:workspaceId/api-tokens. */
export const createApiTokenSchema = z.strictObject({
  /** What the token is for, to tell tokens apart (e.g. 'CRM export'). */
  name: requiredText(100),
  scope: z.enum(apiTokenScopes, { message: messageKey('choice') }),
  /** Days until the token stops working; null or left out: it never expires. */
  expiresInDays: z
    .number()
    .int()
    .min(1, messageKey('choice'))
    .max(API_TOKEN_MAX_DAYS, messageKey('choice'))
    .nullable()
    .default(null),
});
export type CreateApiToken = z.input<typeof createApiTokenSchema>;

/** Every token starts with this, so a leaked one is recognised (secret scanners, logs). */
export const API_TOKEN_MARK = 'pct_';

/** Characters of a token kept and shown as its prefix (`pct_` and 8 more). */
export const API_TOKEN_PREFIX_LENGTH = 12;

/** Random bytes in a token: 256 bits. */
export const API_TOKEN_BYTES = 32;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** base64url without padding, without Buffer (the web uses this module too). */
function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The token text for `API_TOKEN_BYTES` random bytes: `pct_` + base64url (43 characters). */
export function formatApiToken(random: Uint8Array): string {
  if (random.length !== API_TOKEN_BYTES) {
    throw new Error(`an API token takes ${API_TOKEN_BYTES} random bytes`);
  }
  return `${API_TOKEN_MARK}${base64Url(random)}`;
}

/** The part of a token kept in the clear and shown in lists. */
export function apiTokenPrefix(token: string): string {
  return token.slice(0, API_TOKEN_PREFIX_LENGTH);
}

/** Whether a text has a token's shape (the mark and 43 base64url characters). */
export function isApiTokenFormat(text: string): boolean {
  const body = text.slice(API_TOKEN_MARK.length);
  return (
    text.startsWith(API_TOKEN_MARK) &&
    body.length === Math.ceil((API_TOKEN_BYTES * 4) / 3) &&
    BASE64URL.test(body)
  );
}

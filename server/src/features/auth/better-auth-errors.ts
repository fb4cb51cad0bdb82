import { isAPIError } from 'better-auth/api';

/** The error code better-auth put on a failure (e.g. `INVALID_PASSWORD`), if it is one of its. */
export function betterAuthCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : String(error.status);
}

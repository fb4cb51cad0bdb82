import type { SecondFactorMethod } from '@pactum/core/api/two-factor';
import type { ApiTokenScope } from '@pactum/core/api-tokens';
import type { Lang } from '@pactum/core/validation';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { findApiToken } from '../platform/auth/api-tokens';
import { readSessionById } from '../platform/auth/sessions';
import { AppError } from './app-error';
import { currentWorkspaceToken, enterWorkspaceTokenScope } from './request-scope';

/** The signed-in user as every route sees it. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  firstname: string;
  lastname: string;
  lang: Lang;
  isAdmin: boolean;
  emailVerified: boolean;
  /** The user has a second factor (an authenticator app or a passkey). */
  hasTwoFactor: boolean;
  /** A workspace of the user requires a second factor and the user has none yet. */
  isTwoFactorRequired: boolean;
};

export type ResolvedSession = {
  /** The cookie session's id, or `token:<id>` for a request authenticated by an API token. */
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  /** Cookie sessions: the second factor the sign-in passed (null: none). Absent for tokens. */
  secondFactor?: SecondFactorMethod | null;
  /** Cookie sessions: when the person last proved who they are. Absent for tokens. */
  authenticatedAt?: Date;
  user: SessionUser;
  /**
   * Set when the request came with `Authorization: Bearer <API token>`: its scope, and for a
   * workspace token the workspace it acts as (`http/token-guard.ts` applies both).
   */
  token?: {
    id: string;
    scope: ApiTokenScope;
    workspaceId: string | null;
    /** As read with the token (before this request). */
    lastUsedAt: Date | null;
  };
};

const cache = new WeakMap<FastifyRequest, Promise<ResolvedSession | null>>();

/**
 * The API token of `Authorization: Bearer <token>`; undefined when the request has no bearer
 * authorisation (then the session cookie counts), '' when the header names no token.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * A request with a bearer token is that token's and nothing else: its cookies are not read.
 * Unknown, revoked and expired tokens are refused (401 `token_invalid`), not treated as signed
 * out, so a program learns at once that its token no longer works.
 */
async function resolveToken(request: FastifyRequest, token: string): Promise<ResolvedSession> {
  const found = await findApiToken(request.server.platform.database.db, token);
  if (!found) throw new AppError('token_invalid');
  const { token: row, ...session } = found;
  return {
    ...session,
    // A workspace token acts as its workspace: none of its user's product-administrator powers.
    user: row.workspaceId ? { ...session.user, isAdmin: false } : session.user,
    token: {
      id: row.id,
      scope: row.scope,
      workspaceId: row.workspaceId,
      lastUsedAt: row.lastUsedAt,
    },
  };
}

async function resolve(request: FastifyRequest): Promise<ResolvedSession | null> {
  const token = bearerToken(request);
  if (token !== undefined) return resolveToken(request, token);
  const { auth, readSessionCookie } = request.server.platform;
  const fast = await readSessionCookie(request.headers.cookie);
  if (fast.kind === 'none') return null;
  if (fast.kind === 'live') return fast.session;
  // Due for renewal: the auth engine reads the session itself and extends it.
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  return (await readSessionById(request.server.platform.database.db, result.session.id)) ?? null;
}

/** The caller's session from the bearer token or the session cookie, looked up once per request. */
export function getSession(request: FastifyRequest): Promise<ResolvedSession | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolve(request);
    cache.set(request, pending);
  }
  return pending;
}

/**
 * The caller's session, or a 401. For a workspace token it makes sure the request runs in the
 * token's workspace scope (`http/request-scope.ts`), so the access checks after it see the
 * workspace; a request that lost its scope fails rather than reach as the person.
 */
export async function requireSession(request: FastifyRequest): Promise<ResolvedSession> {
  const session = await getSession(request);
  if (!session) throw new AppError('unauthorized');
  if (session.user.isTwoFactorRequired && !isTwoFactorSetupRoute(request)) {
    throw new AppError('two_factor_required');
  }
  const workspaceId = session.token?.workspaceId;
  if (session.token && workspaceId && currentWorkspaceToken()?.workspaceId !== workspaceId) {
    enterWorkspaceTokenScope({
      userId: session.user.id,
      workspaceId,
      scope: session.token.scope,
    });
  }
  return session;
}

/**
 * What a person whose workspace requires a second factor may still reach before setting one up:
 * who they are, signing in and out, and their account's security settings.
 */
const TWO_FACTOR_SETUP_ROUTES =
  /^\/api\/v1\/(me$|auth\/|account\/(two-factor|passkeys|sessions)(\/|$))/;

function isTwoFactorSetupRoute(request: FastifyRequest): boolean {
  return TWO_FACTOR_SETUP_ROUTES.test(request.routeOptions.url ?? '');
}

/** Forgets the looked-up session (after sign-in, sign-out or a password change). */
export function forgetSession(request: FastifyRequest): void {
  cache.delete(request);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { touchApiToken } from '../platform/auth/api-tokens';
import { AppError } from './app-error';
import { enterWorkspaceTokenScope } from './request-scope';
import { bearerToken, getSession, type ResolvedSession } from './session';

/**
 * Routes an API token never reaches, keyed on the route's URL pattern (as registered, e.g.
 * `/api/v1/deals/:dealId/signers/:signerId/sign`) and, where given, its method. `all`: no token
 * at all; `workspace`: no workspace token (the route is about the person, and a workspace token
 * acts as its workspace only). Every token request passes here before its route runs.
 */
export const TOKEN_REFUSED_ROUTES: ReadonlyArray<{
  url: string | RegExp;
  method?: string;
  tokens: 'all' | 'workspace';
  why: string;
}> = [
  { url: /^\/api\/v1\/auth\//, tokens: 'all', why: 'sign-in, passwords, e-mail, verification' },
  { url: /^\/api\/auth\//, tokens: 'all', why: 'the single sign-on callback' },
  { url: /^\/api\/v1\/me\/api-tokens/, tokens: 'all', why: 'tokens are managed signed in' },
  {
    url: /^\/api\/v1\/workspaces\/:workspaceId\/api-tokens/,
    tokens: 'all',
    why: 'tokens are managed signed in',
  },
  {
    url: /^\/api\/v1\/deals\/:dealId\/signers\/:signerId\/(sign|code|code\/verify)$/,
    tokens: 'all',
    why: 'a signature (and its SMS code) is a person’s own act',
  },
  {
    url: '/api/v1/live',
    tokens: 'all',
    why: 'the realtime socket re-checks access outside any request, as the person',
  },
  { url: /^\/api\/v1\/me(\/|$)/, tokens: 'workspace', why: 'the person’s account and counters' },
  { url: /^\/api\/v1\/notifications(\/|$)/, tokens: 'workspace', why: 'the person’s menu' },
  { url: '/api/v1/signing/defaults', tokens: 'workspace', why: 'the person’s signature' },
  { url: '/api/v1/send-pdf/draft', tokens: 'workspace', why: 'the person’s own form' },
  {
    url: '/api/v1/invites/:kind/:linkId/claim',
    tokens: 'workspace',
    why: 'claiming a link gives the person access',
  },
  {
    url: '/api/v1/workspaces',
    method: 'POST',
    tokens: 'workspace',
    why: 'a new workspace would be the person’s',
  },
  { url: /^\/api\/v1\/admin\//, tokens: 'workspace', why: 'product administration' },
];

const READ_METHODS = new Set(['GET', 'HEAD']);

function isRefused(request: FastifyRequest, token: NonNullable<ResolvedSession['token']>) {
  const url = request.routeOptions.url;
  if (url === undefined) return false;
  return TOKEN_REFUSED_ROUTES.some(
    (rule) =>
      (rule.tokens === 'all' || token.workspaceId !== null) &&
      (rule.method === undefined || rule.method === request.method) &&
      (typeof rule.url === 'string' ? rule.url === url : rule.url.test(url)),
  );
}

/**
 * Requests with `Authorization: Bearer <token>`: the token must be live (401 `token_invalid`),
 * within its rate (429 `token_rate_limited` with Retry-After), on a route tokens may use (403
 * `token_not_allowed`) and, when read-only, reading (403 `token_read_only`). A workspace token's
 * request then runs in its workspace's scope. Last use is noted at most once a minute.
 */
export function registerTokenGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (bearerToken(request) === undefined) return;
    const session = await getSession(request);
    const token = session?.token;
    if (!session || !token) throw new AppError('token_invalid');
    const { platform } = app;
    const rate = await platform.rateLimiter.take(`api-token:${token.id}`, {
      max: platform.config.apiTokenRequestsPerMinute,
      windowSeconds: 60,
    });
    if (!rate.isAllowed) {
      throw new AppError('token_rate_limited', {}, { retryAfterSeconds: rate.retryAfterSeconds });
    }
    // The update's own condition decides; this only spares the statement within the minute.
    if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() >= 60_000) {
      await touchApiToken(platform.database.db, token.id);
    }
    if (isRefused(request, token)) throw new AppError('token_not_allowed');
    if (token.scope === 'read' && !READ_METHODS.has(request.method)) {
      throw new AppError('token_read_only');
    }
    if (token.workspaceId) {
      enterWorkspaceTokenScope({
        userId: session.user.id,
        workspaceId: token.workspaceId,
        scope: token.scope,
      });
    }
  });
}

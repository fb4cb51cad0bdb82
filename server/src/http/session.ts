import type { FastifyRequest } from 'fastify';
import { type ResolvedSession, resolveSession } from '../platform/auth/sessions';
import { AppError } from './app-error';

const cache = new WeakMap<FastifyRequest, Promise<ResolvedSession | null>>();

/** The caller's session from the session cookie, looked up once per request. */
export function getSession(request: FastifyRequest): Promise<ResolvedSession | null> {
  let pending = cache.get(request);
  if (!pending) {
    const token = request.cookies[request.server.platform.config.sessionCookie];
    pending = token
      ? resolveSession(request.server.platform.database.db, token)
      : Promise.resolve(null);
    cache.set(request, pending);
  }
  return pending;
}

/** The caller's session, or a 401. */
export async function requireSession(request: FastifyRequest): Promise<ResolvedSession> {
  const session = await getSession(request);
  if (!session) throw new AppError('unauthorized');
  return session;
}

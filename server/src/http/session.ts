import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** The signed-in user as every route sees it. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  firstname: string;
  lastname: string;
  lang: 'en' | 'fi';
  isAdmin: boolean;
  emailVerified: boolean;
};

export type ResolvedSession = {
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  user: SessionUser;
};

const cache = new WeakMap<FastifyRequest, Promise<ResolvedSession | null>>();

async function resolve(request: FastifyRequest): Promise<ResolvedSession | null> {
  const { auth, readSessionCookie } = request.server.platform;
  const fast = await readSessionCookie(request.headers.cookie);
  if (fast.kind === 'none') return null;
  if (fast.kind === 'live') return fast.session;
  // Due for renewal: the auth engine reads the session itself and extends it.
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const user = result.user as typeof result.user & Partial<SessionUser>;
  return {
    sessionId: result.session.id,
    createdAt: new Date(result.session.createdAt),
    expiresAt: new Date(result.session.expiresAt),
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstname: user.firstname ?? '',
      lastname: user.lastname ?? '',
      lang: user.lang === 'fi' ? 'fi' : 'en',
      isAdmin: user.isAdmin === true,
      emailVerified: user.emailVerified,
    },
  };
}

/** The caller's session from the session cookie, looked up once per request. */
export function getSession(request: FastifyRequest): Promise<ResolvedSession | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolve(request);
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

/** Forgets the looked-up session (after sign-in, sign-out or a password change). */
export function forgetSession(request: FastifyRequest): void {
  cache.delete(request);
}

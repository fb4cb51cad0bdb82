import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { requireSession, type SessionUser } from '../../http/session';
import { isProductAdmin } from './product-admin';

/**
 * The caller when they are one of Pactum's product administrators (the admin flag, a verified
 * e-mail on one of ADMIN_EMAIL_DOMAINS); 401 without a session, 403 for everyone else. Every
 * admin route calls it first: the browser's hidden menu entry decides nothing.
 */
export async function requireProductAdmin(request: FastifyRequest): Promise<SessionUser> {
  const { user } = await requireSession(request);
  if (!isProductAdmin(request.server.platform, user)) throw new AppError('forbidden');
  return user;
}

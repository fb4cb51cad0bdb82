import type { FastifyRequest } from 'fastify';
import { isProductAdmin } from '../../documents/product-admin';
import { AppError } from '../../http/app-error';
import { requireSession, type SessionUser } from '../../http/session';
import { requireRecentAuthentication } from '../two-factor';

/**
 * The caller when they are one of Pactum's product administrators (the admin flag, a verified
 * e-mail on one of ADMIN_EMAIL_DOMAINS) at a browser whose sign-in passed a second factor; 401
 * without a session, 403 for everyone else and for every API token (a token is never a person
 * at the admin area). `isWeighty` actions (disabling users, adjusting credits, restoring
 * documents) also need the person to have proved who they are within the last 15 minutes (401
 * `reauthentication_required`). Every admin route calls it first: the browser's hidden menu entry
 * decides nothing.
 */
export async function requireProductAdmin(
  request: FastifyRequest,
  options: { isWeighty?: boolean } = {},
): Promise<SessionUser> {
  const session = await requireSession(request);
  if (session.token) throw new AppError('admin_token_refused');
  const { user } = session;
  if (!isProductAdmin(request.server.platform, user)) throw new AppError('forbidden');
  if (!session.secondFactor) throw new AppError('admin_needs_two_factor');
  if (options.isWeighty) requireRecentAuthentication(session);
  return user;
}

import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { bearerToken } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site: the Origin header
 * (or, without it, Sec-Fetch-Site) must say the request came from Pactum's own pages.
 * Together with SameSite cookies this stops cross-site request forgery.
 *
 * A request with an API token (`Authorization: Bearer`) and no Cookie header carries no
 * credential a browser adds by itself, so another site cannot forge it: it is let through from
 * any Origin. With a cookie the rules stay as they are.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.cookie === undefined && bearerToken(request) !== undefined) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!app.platform.config.allowedOrigins.includes(origin)) {
        throw new AppError('cross_site_refused');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('cross_site_refused');
    }
  });
}

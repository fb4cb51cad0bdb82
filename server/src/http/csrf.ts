import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site: the Origin header
 * (or, without it, Sec-Fetch-Site) must say the request came from Pactum's own pages.
 * Together with SameSite cookies this stops cross-site request forgery.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
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

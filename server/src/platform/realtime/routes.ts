import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { getSession, type ResolvedSession } from '../../http/session';
import { isSessionLive } from '../auth/sessions';

const liveSessions = new WeakMap<FastifyRequest, ResolvedSession>();

/**
 * `/api/v1/live`: the one WebSocket per browser tab. The upgrade is refused (403) for an
 * Origin that is not ours — a page elsewhere cannot ride the user's cookie — and (401)
 * without a live session. Every subscription is access-checked by the realtime hub.
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/v1/live',
    {
      websocket: true,
      // No HTTP body ever: the upgrade answers 101 and the socket speaks @pactum/core/realtime.
      schema: {
        hide: true,
        response: { 101: z.null().describe('Switching Protocols to the realtime WebSocket') },
      },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (!origin || !app.platform.config.allowedOrigins.includes(origin)) {
          throw new AppError('origin_not_allowed');
        }
        const session = await getSession(request);
        if (!session) throw new AppError('unauthorized');
        liveSessions.set(request, session);
      },
    },
    // Synchronous on purpose: messages that arrive before the listener is attached are lost.
    (socket, request) => {
      const session = liveSessions.get(request);
      if (!session) return socket.close(4401, 'Session ended');
      const { db } = app.platform.database;
      app.platform.realtime.attach(socket, {
        userId: session.user.id,
        isValid: () => isSessionLive(db, session.sessionId),
      });
    },
  );
};

import { healthSchema } from '@pactum/core/api/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { migrationStatus } from '../../db/migrate';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../http/error-handler';

/**
 * `/api/health`: 200 when the database answers, its migrations are current and live events
 * arrive, else 503 with Retry-After; 503 'stopping' too once a graceful stop began.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and readiness: database reachable, migrations current, version',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const { database, config } = app.platform;
      let isReachable = false;
      let migrations = { expected: 0, applied: 0, isCurrent: false };
      try {
        await database.query('SELECT 1');
        isReachable = true;
        migrations = await migrationStatus(database);
      } catch {
        // reported below as degraded
      }
      const { isListening } = app.platform.realtime;
      const isOk = isReachable && migrations.isCurrent && isListening;
      // A stopping process asks the balancer to send its requests elsewhere.
      const isStopping = app.lifecycle.isStopping;
      if (!isOk || isStopping) {
        void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      }
      return reply.status(isOk && !isStopping ? 200 : 503).send({
        status: isStopping ? 'stopping' : isOk ? 'ok' : 'degraded',
        version: config.version,
        database: { kind: database.kind, isReachable },
        migrations,
        realtime: { isListening },
      });
    },
  );
};

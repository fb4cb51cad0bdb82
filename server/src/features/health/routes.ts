import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationStatus } from '../../db/migrate';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), isReachable: z.boolean() }),
  migrations: z.object({ expected: z.number(), applied: z.number(), isCurrent: z.boolean() }),
});

/** `/api/health`: 200 when the database answers and its migrations are current, else 503. */
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
      const isOk = isReachable && migrations.isCurrent;
      return reply.status(isOk ? 200 : 503).send({
        status: isOk ? 'ok' : 'degraded',
        version: config.version,
        database: { kind: database.kind, isReachable },
        migrations,
      });
    },
  );
};

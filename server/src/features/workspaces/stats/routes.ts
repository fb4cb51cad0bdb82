import { statsResultSchema } from '@pactum/core/api/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller, tags, workspaceParams } from '../route-kit';
import { calculateStats } from './calculate-stats';

/** The workspace's figures, recounted on request. */
export const workspaceStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.post(
    '/api/v1/workspaces/:workspaceId/stats',
    {
      schema: {
        tags,
        summary: 'Recount the workspace figures (skipped within 24 hours)',
        params: workspaceParams,
        response: { 200: statsResultSchema },
      },
    },
    async (request) =>
      calculateStats(platform, { userId: (await caller(request)).id, ...request.params }),
  );
};

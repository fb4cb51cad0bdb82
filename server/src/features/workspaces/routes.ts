import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import { workspaceCreditRoutes } from './credits/routes';
import { workspaceGroupRoutes } from './groups/routes';
import { workspaceMemberRoutes } from './members/routes';
import { schedulePaymentSweep } from './payments/payment-jobs';
import { workspaceStatsRoutes } from './stats/routes';
import { workspaceTagRoutes } from './tags/routes';
import { workspaceBaseRoutes } from './workspace-routes';

/** Workspaces (billing accounts): credits, payments, members, groups, tags, stats. */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  // The sweep that finishes card payments a crash or a lost webhook left unsettled.
  app.addHook('onReady', async () => {
    try {
      await schedulePaymentSweep(platform);
    } catch (error) {
      app.log.error({ err: error }, 'could not schedule the payment sweep');
    }
  });
  platform.realtime.authorize('workspace', async (userId, workspaceId) => {
    if (!z.uuid().safeParse(workspaceId).success) return false;
    try {
      await requireMember(platform.database.db, { workspaceId, userId });
      return true;
    } catch (error) {
      // A refusal is a no; a failed database is no answer (the subscription stays).
      if (error instanceof AppError) return false;
      throw error;
    }
  });

  await app.register(workspaceBaseRoutes);
  await app.register(workspaceCreditRoutes);
  await app.register(workspaceMemberRoutes);
  await app.register(workspaceGroupRoutes);
  await app.register(workspaceTagRoutes);
  await app.register(workspaceStatsRoutes);
};

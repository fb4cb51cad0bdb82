import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerInviteRoutes } from './invite-routes';
import { resumeUnfinishedSends } from './job';
import { registerSendRoutes } from './send-routes';

/** Sending a draft, the sent-status views and the invites of a deal (spec 2 §2.3, §4.7). */
export const sendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  // Sends cut short by a crash or a restart go on once the server is up.
  app.addHook('onReady', async () => {
    try {
      await resumeUnfinishedSends(platform);
    } catch (error) {
      app.log.error({ err: error }, 'could not resume unfinished sends');
    }
  });

  registerSendRoutes(app);
  registerInviteRoutes(app);
};

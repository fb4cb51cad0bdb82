import {
  archiveInboxSchema,
  archivePagesSchema,
  dealArchivedSchema,
} from '@pactum/core/api/archive';
import { archivePageQuerySchema } from '@pactum/core/archive';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { resumeArchiveFilings } from './filing';
import { getDealArchived, getItemPages, listInbox } from './inbox';

const tags = ['archive'];

/** The Inbox: signed deals filed for each party, the filings on their way, page text. */
export const archiveInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  // Filings cut short by a crash or a restart go on once the server is up.
  app.addHook('onReady', async () => {
    try {
      await resumeArchiveFilings(platform);
    } catch (error) {
      app.log.error({ err: error }, 'could not resume archive filings');
    }
  });
  const userId = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user.id;
  const { db } = platform.database;

  app.get(
    '/api/v1/archive/inbox',
    {
      schema: {
        tags,
        summary: 'The Inbox: filed signed deals, newest first, and those on their way',
        querystring: archivePageQuerySchema,
        response: { 200: archiveInboxSchema },
      },
    },
    async (request) => listInbox(db, { userId: await userId(request), query: request.query }),
  );

  app.get(
    '/api/v1/archive/items/:itemId/pages',
    {
      schema: {
        tags,
        summary: 'The text read from a file’s pages',
        params: z.object({ itemId: z.uuid() }),
        response: { 200: archivePagesSchema },
      },
    },
    async (request) =>
      getItemPages(db, { userId: await userId(request), itemId: request.params.itemId }),
  );

  app.get(
    '/api/v1/deals/:dealId/archived',
    {
      schema: {
        tags,
        summary: 'The caller’s party’s archived copy of a signed deal',
        params: z.object({ dealId: z.uuid() }),
        response: { 200: dealArchivedSchema },
      },
    },
    async (request) =>
      getDealArchived(db, { userId: await userId(request), dealId: request.params.dealId }),
  );
};

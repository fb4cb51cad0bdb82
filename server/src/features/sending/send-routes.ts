import {
  draftDealListSchema,
  sendDraftResponseSchema,
  sentListQuerySchema,
  sentListSchema,
} from '@pactum/core/api/sending';
import { sendDraftSchema } from '@pactum/core/drafts';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { type SendingApp, tags } from './route-kit';
import { listDraftDeals, listSent, sendDraft } from './service';

const draftParams = z.object({ draftId: z.uuid() });

/** Sending a draft and the sent-status views: a sent draft’s deals, the sent list. */
export function registerSendRoutes(app: SendingApp): void {
  const platform = app.platform;

  app.post(
    '/api/v1/drafts/:draftId/send',
    {
      schema: {
        tags,
        summary: 'Queue a draft for sending (queDraftForSending)',
        params: draftParams,
        body: sendDraftSchema,
        response: { 202: sendDraftResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const result = await sendDraft(platform, {
        userId: user.id,
        draftId: request.params.draftId,
        input: request.body,
      });
      return reply.status(202).send(result);
    },
  );

  app.get(
    '/api/v1/drafts/:draftId/deals',
    {
      schema: {
        tags,
        summary: 'The deals of a sent draft',
        params: draftParams,
        response: { 200: draftDealListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { deals: await listDraftDeals(platform, { userId: user.id, ...request.params }) };
    },
  );

  app.get(
    '/api/v1/sent',
    {
      schema: {
        tags,
        summary: 'Sent drafts, a page at a time, newest send first',
        querystring: sentListQuerySchema,
        response: { 200: sentListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return listSent(platform, { userId: user.id, ...request.query });
    },
  );
}

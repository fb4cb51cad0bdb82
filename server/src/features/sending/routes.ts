import {
  dealInviteListSchema,
  draftDealListSchema,
  receiverDetailsResponseSchema,
  sendDraftResponseSchema,
  sentListQuerySchema,
  sentListSchema,
} from '@pactum/core/api/sending';
import { noContent } from '@pactum/core/api/wire';
import { addInvitesSchema, receiverDetailsSchema, sendDraftSchema } from '@pactum/core/drafts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import {
  addInvites,
  listInvites,
  removeInvite,
  resendInvite,
  validateReceiverDetails,
} from './invites';
import { resumeUnfinishedSends } from './job';
import { listDraftDeals, listSent, sendDraft } from './service';

const tags = ['sending'];
const draftParams = z.object({ draftId: z.uuid() });
const dealParams = z.object({ dealId: z.uuid() });
const inviteParams = z.object({ inviteId: z.uuid() });

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

  app.get(
    '/api/v1/deals/:dealId/invites',
    {
      schema: {
        tags,
        summary: 'Invites of a deal (sender only)',
        params: dealParams,
        response: { 200: dealInviteListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return { invites: await listInvites(platform, { userId: user.id, ...request.params }) };
    },
  );

  app.post(
    '/api/v1/deals/:dealId/invites',
    {
      schema: {
        tags,
        summary: 'Invite new receivers',
        params: dealParams,
        body: addInvitesSchema,
        response: { 201: dealInviteListSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const invites = await addInvites(platform, {
        userId: user.id,
        dealId: request.params.dealId,
        emails: request.body.emails,
      });
      return reply.status(201).send({ invites });
    },
  );

  app.post(
    '/api/v1/invites/:inviteId/resend',
    {
      schema: {
        tags,
        summary: 'Send an invite again',
        params: inviteParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await resendInvite(platform, { userId: user.id, ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/invites/:inviteId',
    {
      schema: {
        tags,
        summary: 'Remove an invite not yet sent',
        params: inviteParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await removeInvite(platform, { userId: user.id, ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/deals/:dealId/receiver-details',
    {
      schema: {
        tags,
        summary: 'The receiver validates their own details',
        params: dealParams,
        body: receiverDetailsSchema,
        response: { 200: receiverDetailsResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return validateReceiverDetails(platform, {
        userId: user.id,
        dealId: request.params.dealId,
        party: request.body.party,
      });
    },
  );
};

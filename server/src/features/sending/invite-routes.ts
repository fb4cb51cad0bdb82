import { dealInviteListSchema, receiverDetailsResponseSchema } from '@pactum/core/api/sending';
import { noContent } from '@pactum/core/api/wire';
import { addInvitesSchema, receiverDetailsSchema } from '@pactum/core/drafts';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import {
  addInvites,
  listInvites,
  removeInvite,
  resendInvite,
  validateReceiverDetails,
} from './invites';
import { type SendingApp, tags } from './route-kit';

const dealParams = z.object({ dealId: z.uuid() });
const inviteParams = z.object({ inviteId: z.uuid() });

/** The invites of a deal (list, add, resend, remove) and the receiver’s own details. */
export function registerInviteRoutes(app: SendingApp): void {
  const platform = app.platform;

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
}

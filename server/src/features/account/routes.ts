import { meSchema } from '@pactum/core/api/account';
import { accountSessionsSchema } from '@pactum/core/api/two-factor';
import { noContent } from '@pactum/core/api/wire';
import { updateAccountSchema } from '@pactum/core/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { getMe, rebuildHomeCounts, updateAccount } from './service';
import { endAccountSession, endOtherSessions, listAccountSessions } from './sessions';

const tags = ['account'];

/** The signed-in user's own record and settings. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/me',
    { schema: { tags, summary: 'The signed-in user', response: { 200: meSchema } } },
    async (request) => {
      const { user } = await requireSession(request);
      // What was made for a verified address (workspace invitations, shared documents, signer
      // slots) is taken up when the app loads, whichever way the user signed in.
      return getMe(app.platform, { userId: user.id, claim: true });
    },
  );

  app.patch(
    '/api/v1/me',
    {
      schema: {
        tags,
        summary: 'Change the signed-in user’s settings',
        body: updateAccountSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      return updateAccount(app.platform, { userId: session.user.id, changes: request.body });
    },
  );

  app.post(
    '/api/v1/me/rebuild-counters',
    {
      schema: { tags, summary: 'Recount the dashboard counters', response: { 200: meSchema } },
    },
    async (request) =>
      rebuildHomeCounts(app.platform, { userId: (await requireSession(request)).user.id }),
  );

  app.get(
    '/api/v1/account/sessions',
    {
      schema: {
        tags,
        summary: 'Where the account is signed in: device, place and times of each session',
        response: { 200: accountSessionsSchema },
      },
    },
    async (request) => listAccountSessions(app.platform, await requireSession(request)),
  );

  app.post(
    '/api/v1/account/sessions/end-others',
    {
      schema: {
        tags,
        summary: 'Sign out everywhere else',
        response: { 200: z.object({ ended: z.number().int() }) },
      },
    },
    async (request) =>
      endOtherSessions(app.platform, await requireSession(request), { ip: request.ip }),
  );

  app.delete(
    '/api/v1/account/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'Sign one other browser out',
        params: z.object({ sessionId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await endAccountSession(app.platform, await requireSession(request), {
        sessionId: request.params.sessionId,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};

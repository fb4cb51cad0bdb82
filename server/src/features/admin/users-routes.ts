import {
  adminEndSessionsBodySchema,
  adminEndSessionsResultSchema,
  adminReasonBodySchema,
  adminSetAdminBodySchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
} from '@pactum/core/api/admin';
import { noContent } from '@pactum/core/api/wire';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProductAdmin } from './guard';
import {
  disableUser,
  enableUser,
  endUserSessions,
  getUserDetail,
  listUsers,
  resendUserVerification,
  setUserAdmin,
} from './users-service';

const tags = ['admin'];
const userParams = z.object({ userId: z.uuid() });

/**
 * The admin area's users (issue 17): the searchable list, a user's page, and the actions
 * support takes for a customer, each with a reason that goes to the event log.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  // Before the request is even validated: no one else learns what these routes take.
  app.addHook('preValidation', async (request) => {
    await requireProductAdmin(request);
  });

  app.get(
    '/api/v1/admin/users',
    {
      schema: {
        tags,
        summary: 'Users, newest first; q matches a part of the e-mail or name, or the id',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => {
      await requireProductAdmin(request);
      return listUsers(platform, { query: request.query });
    },
  );

  app.get(
    '/api/v1/admin/users/:userId',
    {
      schema: {
        tags,
        summary: "A user's page: profile, workspaces and roles, live sessions, API tokens",
        params: userParams,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => {
      await requireProductAdmin(request);
      return getUserDetail(platform, { userId: request.params.userId });
    },
  );

  app.post(
    '/api/v1/admin/users/:userId/sessions/end',
    {
      schema: {
        tags,
        summary: "End a user's sessions (all, or the one sessionId)",
        params: userParams,
        body: adminEndSessionsBodySchema,
        response: { 200: adminEndSessionsResultSchema },
      },
    },
    async (request) => {
      const admin = await requireProductAdmin(request);
      return endUserSessions(platform, {
        admin,
        ipAddress: request.ip,
        userId: request.params.userId,
        sessionId: request.body.sessionId,
        reason: request.body.reason,
      });
    },
  );

  app.post(
    '/api/v1/admin/users/:userId/verification',
    {
      schema: {
        tags,
        summary: 'Mail the e-mail verification link again (409 when already verified)',
        params: userParams,
        body: adminReasonBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const admin = await requireProductAdmin(request);
      await resendUserVerification(platform, {
        admin,
        ipAddress: request.ip,
        userId: request.params.userId,
        reason: request.body.reason,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/users/:userId/admin',
    {
      schema: {
        tags,
        summary: 'Grant or revoke the admin flag (not your own: 409 admin_self)',
        params: userParams,
        body: adminSetAdminBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const admin = await requireProductAdmin(request);
      await setUserAdmin(platform, {
        admin,
        ipAddress: request.ip,
        userId: request.params.userId,
        isAdmin: request.body.isAdmin,
        reason: request.body.reason,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/users/:userId/disable',
    {
      schema: {
        tags,
        summary: 'Disable an account: no sign-in, sessions and API tokens stop; documents stay',
        params: userParams,
        body: adminReasonBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const admin = await requireProductAdmin(request);
      await disableUser(platform, {
        admin,
        ipAddress: request.ip,
        userId: request.params.userId,
        reason: request.body.reason,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/users/:userId/enable',
    {
      schema: {
        tags,
        summary: 'Enable a disabled account again',
        params: userParams,
        body: adminReasonBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const admin = await requireProductAdmin(request);
      await enableUser(platform, {
        admin,
        ipAddress: request.ip,
        userId: request.params.userId,
        reason: request.body.reason,
      });
      return reply.status(204).send(null);
    },
  );
};

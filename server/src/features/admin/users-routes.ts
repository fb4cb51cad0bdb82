import {
  type AdminReasonBody,
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
import type { Platform } from '../../platform/platform';
import { requireProductAdmin } from './guard';
import {
  type AdminActor,
  disableUser,
  enableUser,
  endUserSessions,
  getUserDetail,
  listUsers,
  resendUserVerification,
  resetUserSecondFactor,
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

  /**
   * A POST action on one user, taking a reason (and what else its body holds) and answering
   * 204 when done: the admin and their address go to the service with the user and the body.
   */
  const userAction = <Body extends z.ZodType<AdminReasonBody>>(
    path: string,
    summary: string,
    body: Body,
    run: (
      platform: Platform,
      options: AdminActor & { userId: string } & z.output<Body>,
    ) => Promise<void>,
    options: { isWeighty?: boolean } = {},
  ) =>
    app.post(
      `/api/v1/admin/users/:userId/${path}`,
      { schema: { tags, summary, params: userParams, body, response: { 204: noContent } } },
      async (request, reply) => {
        const admin = await requireProductAdmin(request, options);
        await run(platform, {
          admin,
          ipAddress: request.ip,
          userId: request.params.userId,
          ...(request.body as z.output<Body>),
        });
        return reply.status(204).send(null);
      },
    );

  userAction(
    'verification',
    'Mail the e-mail verification link again (409 when already verified)',
    adminReasonBodySchema,
    resendUserVerification,
  );
  userAction(
    'admin',
    'Grant or revoke the admin flag (not your own: 409 admin_self)',
    adminSetAdminBodySchema,
    setUserAdmin,
    { isWeighty: true },
  );
  userAction(
    'disable',
    'Disable an account: no sign-in, sessions and API tokens stop; documents stay',
    adminReasonBodySchema,
    disableUser,
    { isWeighty: true },
  );
  userAction(
    'second-factor/reset',
    'Remove a user’s second factors and recovery codes (a lost device), ending their sessions',
    adminReasonBodySchema,
    resetUserSecondFactor,
    { isWeighty: true },
  );
  userAction('enable', 'Enable a disabled account again', adminReasonBodySchema, enableUser);
};

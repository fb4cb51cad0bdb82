import { paymentStateSchema } from '@pactum/core/api/payments';
import { noContent } from '@pactum/core/api/wire';
import {
  createdGroupSchema,
  createdTagSchema,
  createdWorkspaceSchema,
  statsResultSchema,
  transactionPageSchema,
  workspaceListSchema,
  workspaceSchema,
  workspaceSecuritySchema,
} from '@pactum/core/api/workspaces';
import {
  buyCreditsSchema,
  createWorkspaceSchema,
  groupSchema,
  inviteMemberSchema,
  tagSchema,
} from '@pactum/core/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import { requireSession } from '../../http/session';
import { confirmPayment, schedulePaymentSweep } from './payments';
import { setWorkspaceTwoFactor } from './security';
import {
  addTag,
  buyCredits,
  createGroup,
  createWorkspace,
  deleteGroup,
  getWorkspace,
  inviteMember,
  listTransactions,
  listWorkspaces,
  removeMember,
  removeTag,
  updateGroup,
} from './service';
import { calculateStats } from './stats';

const tags = ['workspaces'];
const workspaceParams = z.object({ workspaceId: z.uuid() });

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

  const caller = async (request: Parameters<typeof requireSession>[0]) => {
    const { user } = await requireSession(request);
    return { id: user.id, name: user.name, email: user.email, lang: user.lang, user };
  };

  app.get(
    '/api/v1/workspaces',
    {
      schema: {
        tags,
        summary: 'The user’s workspaces',
        response: { 200: workspaceListSchema },
      },
    },
    async (request) => listWorkspaces(platform, { userId: (await caller(request)).id }),
  );

  app.post(
    '/api/v1/workspaces',
    {
      schema: {
        tags,
        summary: 'Order a workspace (card: charged now; invoice: reviewed)',
        body: createWorkspaceSchema,
        response: { 201: createdWorkspaceSchema },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      const result = await createWorkspace(platform, { user, input: request.body });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/v1/workspaces/:workspaceId',
    {
      schema: {
        tags,
        summary: 'One workspace',
        params: workspaceParams,
        response: { 200: workspaceSchema },
      },
    },
    async (request) =>
      getWorkspace(platform, { userId: (await caller(request)).id, ...request.params }),
  );

  app.put(
    '/api/v1/workspaces/:workspaceId/security',
    {
      schema: {
        tags,
        summary: 'Whether members must sign in with a second factor (administrators)',
        params: workspaceParams,
        body: workspaceSecuritySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await setWorkspaceTwoFactor(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        ...request.body,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/workspaces/:workspaceId/credits',
    {
      schema: {
        tags,
        summary: 'Buy credits by card (administrators)',
        params: workspaceParams,
        body: buyCreditsSchema,
        // 200 once the credits are granted; 202 while the charge waits (3-D Secure, processor).
        response: { 200: paymentStateSchema, 202: paymentStateSchema },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      const state = await buyCredits(platform, {
        user,
        workspaceId: request.params.workspaceId,
        credits: request.body.credits,
        card: request.body.card,
        paymentMethodId: request.body.paymentMethodId,
        idempotencyKey: request.body.idempotencyKey,
      });
      if (state.status === 'failed') {
        throw new AppError(state.failureCode ?? 'payment_failed');
      }
      return reply.status(state.status === 'succeeded' ? 200 : 202).send(state);
    },
  );

  app.post(
    '/api/v1/payments/:paymentId/confirm',
    {
      schema: {
        tags,
        summary: 'After 3-D Secure: settle the payment and grant its credits once',
        params: z.object({ paymentId: z.uuid() }),
        response: { 200: paymentStateSchema },
      },
    },
    async (request) => {
      const user = await caller(request);
      return confirmPayment(platform, {
        userId: user.id,
        userName: user.name,
        paymentId: request.params.paymentId,
      });
    },
  );

  app.get(
    '/api/v1/workspaces/:workspaceId/transactions',
    {
      schema: {
        tags,
        summary: 'The credit ledger, newest first, 10 a page',
        params: workspaceParams,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: transactionPageSchema },
      },
    },
    async (request) =>
      listTransactions(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        page: request.query.page,
      }),
  );

  app.post(
    '/api/v1/workspaces/:workspaceId/invites',
    {
      schema: {
        tags,
        summary: 'Invite a member by e-mail (administrators)',
        params: workspaceParams,
        body: inviteMemberSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      await inviteMember(platform, { user, ...request.params, ...request.body, lang: user.lang });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/workspaces/:workspaceId/members/:memberId',
    {
      schema: {
        tags,
        summary: 'Remove a member (administrators)',
        params: workspaceParams.extend({ memberId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeMember(platform, { userId: (await caller(request)).id, ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/workspaces/:workspaceId/groups',
    {
      schema: {
        tags,
        summary: 'Create a group (administrators)',
        params: workspaceParams,
        body: groupSchema,
        response: { 201: createdGroupSchema },
      },
    },
    async (request, reply) => {
      const group = await createGroup(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        ...request.body,
      });
      return reply.status(201).send(group);
    },
  );

  app.put(
    '/api/v1/workspaces/:workspaceId/groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Change a group (administrators)',
        params: workspaceParams.extend({ groupId: z.uuid() }),
        body: groupSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await updateGroup(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        ...request.body,
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/workspaces/:workspaceId/groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Remove a group (administrators)',
        params: workspaceParams.extend({ groupId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteGroup(platform, { userId: (await caller(request)).id, ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/workspaces/:workspaceId/tags',
    {
      schema: {
        tags,
        summary: 'Add a tag (empty names are ignored)',
        params: workspaceParams,
        body: tagSchema,
        // 204 when the name was empty: nothing was added.
        response: { 201: createdTagSchema, 204: noContent },
      },
    },
    async (request, reply) => {
      const tag = await addTag(platform, {
        userId: (await caller(request)).id,
        ...request.params,
        tag: request.body.tag,
      });
      return tag ? reply.status(201).send(tag) : reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/workspaces/:workspaceId/tags/:tagId',
    {
      schema: {
        tags,
        summary: 'Remove a tag',
        params: workspaceParams.extend({ tagId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeTag(platform, { userId: (await caller(request)).id, ...request.params });
      return reply.status(204).send(null);
    },
  );

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

import {
  adminCreditAdjustmentBodySchema,
  adminCreditAdjustmentResultSchema,
  adminPageQuerySchema,
  adminReviewBodySchema,
  adminTransactionPageSchema,
  adminWorkspaceDetailSchema,
  adminWorkspaceListQuerySchema,
  adminWorkspacePageSchema,
} from '@pactum/core/api/admin';
import { noContent } from '@pactum/core/api/wire';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAllWorkspaces, rejectWorkspace, verifyWorkspace } from '../workspaces';
import { adjustCredits, getAdminWorkspace, listAdminTransactions } from './billing-service';
import { requireProductAdmin } from './guard';

const tags = ['admin'];
const workspaceParams = z.object({ workspaceId: z.uuid() });

/**
 * The admin area's billing (issue 17): every workspace, a workspace's members, payments and
 * ledger, invoice order review and credit adjustments.
 */
export const adminBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/admin/workspaces',
    {
      schema: {
        tags,
        summary: 'Workspaces, those waiting for review first, then the newest',
        querystring: adminWorkspaceListQuerySchema,
        response: { 200: adminWorkspacePageSchema },
      },
    },
    async (request) => {
      await requireProductAdmin(request);
      return listAllWorkspaces(platform, request.query);
    },
  );

  app.get(
    '/api/v1/admin/workspaces/:workspaceId',
    {
      schema: {
        tags,
        summary: 'A workspace’s billing detail: members, seats, payments',
        params: workspaceParams,
        response: { 200: adminWorkspaceDetailSchema },
      },
    },
    async (request) => {
      await requireProductAdmin(request);
      return getAdminWorkspace(platform, request.params);
    },
  );

  app.get(
    '/api/v1/admin/workspaces/:workspaceId/transactions',
    {
      schema: {
        tags,
        summary: 'A workspace’s credit ledger, newest first',
        params: workspaceParams,
        querystring: adminPageQuerySchema,
        response: { 200: adminTransactionPageSchema },
      },
    },
    async (request) => {
      await requireProductAdmin(request);
      return listAdminTransactions(platform, { ...request.params, ...request.query });
    },
  );

  app.post(
    '/api/v1/admin/workspaces/:workspaceId/credits',
    {
      schema: {
        tags,
        summary: 'Add or remove credits by hand, with a reason (once per idempotency key)',
        params: workspaceParams,
        body: adminCreditAdjustmentBodySchema,
        response: { 200: adminCreditAdjustmentResultSchema },
      },
    },
    async (request) => {
      const admin = await requireProductAdmin(request, { isWeighty: true });
      return adjustCredits(platform, {
        admin,
        ...request.params,
        ...request.body,
        ipAddress: request.ip,
      });
    },
  );

  app.post(
    '/api/v1/admin/workspaces/:workspaceId/verify',
    {
      schema: {
        tags,
        summary: 'Verify a workspace order: it becomes usable and gets its ordered credits',
        params: workspaceParams,
        body: adminReviewBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const admin = await requireProductAdmin(request);
      await verifyWorkspace(platform, {
        adminId: admin.id,
        adminName: admin.name,
        ...request.params,
        reason: request.body.reason,
        ipAddress: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/admin/workspaces/:workspaceId/reject',
    {
      schema: {
        tags,
        summary: 'Reject a workspace order waiting for review',
        params: workspaceParams,
        body: adminReviewBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const admin = await requireProductAdmin(request);
      await rejectWorkspace(platform, {
        adminId: admin.id,
        ...request.params,
        reason: request.body.reason,
        ipAddress: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};

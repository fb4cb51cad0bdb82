import {
  adminDocumentDetailSchema,
  adminDocumentListQuerySchema,
  adminDocumentListSchema,
  adminDocumentParamsSchema,
  queuedChainCheckSchema,
} from '@pactum/core/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestChainCheck } from './chain-check';
import { getAdminDocument, listAdminDocuments } from './documents-service';
import { requireProductAdmin } from './guard';

const tags = ['admin'];

/**
 * The admin area's documents (issue 17): the list of deals and drafts, a document's page and a
 * check of a deal's audit chain. Restoring a trashed deal is `POST /api/v1/deals/:dealId/restore`.
 */
export const adminDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  // Before the query is validated: a non-admin learns nothing, not even what a bad query is.
  app.addHook('preValidation', async (request) => {
    await requireProductAdmin(request);
  });

  app.get(
    '/api/v1/admin/documents',
    {
      schema: {
        tags,
        summary: 'Deals and drafts, newest change first, found by text, state, workspace and date',
        querystring: adminDocumentListQuerySchema,
        response: { 200: adminDocumentListSchema },
      },
    },
    async (request) => {
      await requireProductAdmin(request);
      return listAdminDocuments(platform, request.query);
    },
  );

  app.get(
    '/api/v1/admin/documents/:kind/:documentId',
    {
      schema: {
        tags,
        summary: 'A deal’s or draft’s page: access, signers, activity, last audit chain check',
        params: adminDocumentParamsSchema,
        response: { 200: adminDocumentDetailSchema },
      },
    },
    async (request) => {
      await requireProductAdmin(request);
      return getAdminDocument(platform, request.params);
    },
  );

  app.post(
    '/api/v1/admin/documents/deal/:documentId/chain-check',
    {
      schema: {
        tags,
        summary: 'Queue a check of a deal’s audit chain (the page polls its status)',
        params: z.object({ documentId: z.uuid() }),
        response: { 202: queuedChainCheckSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireProductAdmin(request);
      const check = await requestChainCheck(platform, {
        adminId: admin.id,
        dealId: request.params.documentId,
      });
      return reply.status(202).send(check);
    },
  );
};

import { adminReasonBodySchema } from '@pactum/core/api/admin';
import {
  dealDetailSchema,
  dealEventPageSchema,
  dealListSchema,
  dealSectionChangeSchema,
  redlineSchema,
  restoredDealSchema,
  sectionVersionListSchema,
} from '@pactum/core/api/deals';
import { pdfFileResponse } from '@pactum/core/api/files';
import { noContent } from '@pactum/core/api/wire';
import {
  createDealSectionSchema,
  dealEventsQuerySchema,
  dealListQuerySchema,
  dealSectionActionSchema,
  dealSettingsSchema,
  redlineQuerySchema,
  saveDealSectionSchema,
} from '@pactum/core/deals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { requireSession } from '../../http/session';
import { requireProductAdmin } from '../admin';
import { renderDealPdf } from './pdf';
import {
  agreeDealSection,
  canWatchDeal,
  createDealSection,
  deleteDealSection,
  getDeal,
  getDealSection,
  listDealEvents,
  listDeals,
  listSectionVersions,
  lockDealSection,
  reopenDealSection,
  restoreDeal,
  saveDealSection,
  sectionRedline,
  trashDeal,
  unlockDealSection,
  updateDealSettings,
} from './service';

const tags = ['deals'];
const dealParams = z.object({ dealId: z.uuid() });
const sectionParams = z.object({ dealId: z.uuid(), sectionId: z.uuid() });

/** Deals in negotiation: lists, the editor's content, section actions, settings, activity, trash. */
export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  platform.realtime.authorize('deal', async (userId, dealId) => {
    if (!z.uuid().safeParse(dealId).success) return false;
    return canWatchDeal(platform, { userId, dealId });
  });

  const userIdOf = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user.id;

  app.get(
    '/api/v1/deals',
    {
      schema: {
        tags,
        summary: 'The caller’s deals of one list group',
        querystring: dealListQuerySchema,
        response: { 200: dealListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return listDeals(platform, { userId: user.id, email: user.email, ...request.query });
    },
  );

  app.get(
    '/api/v1/deals/:dealId',
    {
      schema: {
        tags,
        summary: 'A deal as the caller’s party sees it',
        params: dealParams,
        response: { 200: dealDetailSchema },
      },
    },
    async (request) => getDeal(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.patch(
    '/api/v1/deals/:dealId',
    {
      schema: {
        tags,
        summary: 'Deal settings: title, abstract, contract id, parties (sender party)',
        params: dealParams,
        body: dealSettingsSchema,
        response: { 200: dealDetailSchema },
      },
    },
    async (request) =>
      updateDealSettings(platform, {
        userId: await userIdOf(request),
        ...request.params,
        input: request.body,
      }),
  );

  app.post(
    '/api/v1/deals/:dealId/trash',
    {
      schema: {
        tags,
        summary: 'Trash a deal (sender party with edit access)',
        params: dealParams,
        response: { 200: dealDetailSchema },
      },
    },
    async (request) => trashDeal(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.post(
    '/api/v1/deals/:dealId/restore',
    {
      schema: {
        tags,
        summary:
          'Recover a trashed deal to its earlier state, with a reason (product administrators)',
        params: dealParams,
        body: adminReasonBodySchema,
        response: { 200: restoredDealSchema },
      },
      // Refused before the body is checked: only support learns what a valid request is.
      preValidation: async (request) => {
        await requireProductAdmin(request);
      },
    },
    async (request) => {
      const admin = await requireProductAdmin(request, { isWeighty: true });
      return restoreDeal(platform, {
        user: admin,
        ...request.params,
        reason: request.body.reason,
        ipAddress: request.ip,
      });
    },
  );

  app.get(
    '/api/v1/deals/:dealId/events',
    {
      schema: {
        tags,
        summary: 'Activity: events newest first, 100 a page',
        params: dealParams,
        querystring: dealEventsQuerySchema,
        response: { 200: dealEventPageSchema },
      },
    },
    async (request) =>
      listDealEvents(platform, {
        userId: await userIdOf(request),
        ...request.params,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      }),
  );

  app.get(
    '/api/v1/deals/:dealId/pdf',
    {
      schema: {
        tags,
        summary: 'A printable PDF of the current text',
        params: dealParams,
        response: { 200: pdfFileResponse('The printable PDF, shown inline') },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const { filename, bytes } = await renderDealPdf(platform, {
        userId: user.id,
        lang: user.lang,
        ...request.params,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(filename, 'inline'))
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );

  app.post(
    '/api/v1/deals/:dealId/sections',
    {
      schema: {
        tags,
        summary: 'Add a section (the adding party’s proposal)',
        params: dealParams,
        body: createDealSectionSchema,
        response: { 201: dealSectionChangeSchema },
      },
    },
    async (request, reply) => {
      const change = await createDealSection(platform, {
        userId: await userIdOf(request),
        ...request.params,
        input: request.body,
      });
      return reply.status(201).send(change);
    },
  );

  app.get(
    '/api/v1/deals/:dealId/sections/:sectionId',
    {
      schema: {
        tags,
        summary: 'One section as the deal’s page shows it, with the deal’s figures',
        params: sectionParams,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      getDealSection(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.put(
    '/api/v1/deals/:dealId/sections/:sectionId',
    {
      schema: {
        tags,
        summary: 'Save an edit: countered with a new default version',
        params: sectionParams,
        body: saveDealSectionSchema,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      saveDealSection(platform, {
        userId: await userIdOf(request),
        ...request.params,
        input: request.body,
      }),
  );

  app.delete(
    '/api/v1/deals/:dealId/sections/:sectionId',
    {
      schema: {
        tags,
        summary: 'Delete a section that is not agreed',
        params: sectionParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteDealSection(platform, { userId: await userIdOf(request), ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/deals/:dealId/sections/:sectionId/lock',
    {
      schema: {
        tags,
        summary: 'Open a section for editing',
        params: sectionParams,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      lockDealSection(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.delete(
    '/api/v1/deals/:dealId/sections/:sectionId/lock',
    {
      schema: {
        tags,
        summary: 'Close the section editor (cancel)',
        params: sectionParams,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      unlockDealSection(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.post(
    '/api/v1/deals/:dealId/sections/:sectionId/agree',
    {
      schema: {
        tags,
        summary: 'Agree to the section’s current version',
        params: sectionParams,
        body: dealSectionActionSchema,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      agreeDealSection(platform, {
        userId: await userIdOf(request),
        ...request.params,
        baseLogLength: request.body.baseLogLength,
      }),
  );

  app.post(
    '/api/v1/deals/:dealId/sections/:sectionId/reopen',
    {
      schema: {
        tags,
        summary: 'Open an agreed section again for negotiation',
        params: sectionParams,
        body: dealSectionActionSchema,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      reopenDealSection(platform, {
        userId: await userIdOf(request),
        ...request.params,
        baseLogLength: request.body.baseLogLength,
      }),
  );

  app.get(
    '/api/v1/deals/:dealId/sections/:sectionId/versions',
    {
      schema: {
        tags,
        summary: 'The versions of a section',
        params: sectionParams,
        response: { 200: sectionVersionListSchema },
      },
    },
    async (request) =>
      listSectionVersions(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.get(
    '/api/v1/deals/:dealId/sections/:sectionId/redline',
    {
      schema: {
        tags,
        summary: 'The redline between two versions of a section',
        params: sectionParams,
        querystring: redlineQuerySchema,
        response: { 200: redlineSchema },
      },
    },
    async (request) =>
      sectionRedline(platform, {
        userId: await userIdOf(request),
        ...request.params,
        ...request.query,
      }),
  );
};

import { adminReasonBodySchema } from '@pactum/core/api/admin';
import {
  dealDetailSchema,
  dealEventPageSchema,
  dealListSchema,
  restoredDealSchema,
} from '@pactum/core/api/deals';
import { pdfFileResponse } from '@pactum/core/api/files';
import { dealEventsQuerySchema, dealListQuerySchema, dealSettingsSchema } from '@pactum/core/deals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { requireSession } from '../../http/session';
import { requireProductAdmin } from '../admin';
import { canWatchDeal } from './can-watch-deal';
import { getDeal } from './get-deal';
import { listDeals } from './list-deals';
import { listDealEvents } from './list-events';
import { renderDealPdf } from './pdf';
import { restoreDeal } from './restore-deal';
import { type DealApp, dealParams, tags, userIdOf } from './route-kit';
import {
  registerDealSectionRoutes,
  registerSectionActionRoutes,
  registerSectionVersionRoutes,
} from './section-routes';
import { trashDeal } from './trash-deal';
import { updateDealSettings } from './update-settings';

/** Deals in negotiation: lists, the editor's content, section actions, settings, activity, trash. */
export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  platform.realtime.authorize('deal', async (userId, dealId) => {
    if (!z.uuid().safeParse(dealId).success) return false;
    return canWatchDeal(platform, { userId, dealId });
  });

  registerDealReadRoutes(app);
  registerDealWriteRoutes(app);
  registerDealActivityRoutes(app);
  registerDealSectionRoutes(app);
  registerSectionActionRoutes(app);
  registerSectionVersionRoutes(app);
};

/** The caller's deal lists and one deal as the caller's party sees it. */
function registerDealReadRoutes(app: DealApp): void {
  const platform = app.platform;

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
}

/** The deal's own writes: its settings, the trash and support's restore. */
function registerDealWriteRoutes(app: DealApp): void {
  const platform = app.platform;

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
}

/** The deal's activity feed and its printable PDF. */
function registerDealActivityRoutes(app: DealApp): void {
  const platform = app.platform;

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
}

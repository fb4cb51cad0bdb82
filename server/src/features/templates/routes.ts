import {
  redeemCouponResultSchema,
  templateDetailSchema,
  templateListQuerySchema,
  templateListSchema,
} from '@pactum/core/api/templates';
import { noContent } from '@pactum/core/api/wire';
import {
  createTemplateSchema,
  duplicateTemplateSchema,
  publishTemplateSchema,
  redeemCouponSchema,
  updateTemplateSchema,
} from '@pactum/core/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { listTemplates } from './list';
import {
  canWatchTemplate,
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  redeemCoupon,
  setTemplatePublished,
  updateTemplate,
} from './service';

const tags = ['templates'];
const params = z.object({ templateId: z.uuid() });

/** The template library, templates, publishing and coupons. Sections: ../sections. */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  platform.realtime.authorize('template', async (userId, templateId) => {
    if (!z.uuid().safeParse(templateId).success) return false;
    return canWatchTemplate(platform, userId, templateId);
  });

  app.get(
    '/api/v1/templates',
    {
      schema: {
        tags,
        summary: 'The template library, a page at a time: my, shared and global templates',
        querystring: templateListQuerySchema,
        response: { 200: templateListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return listTemplates(platform, { caller: user, query: request.query });
    },
  );

  app.post(
    '/api/v1/templates',
    {
      schema: {
        tags,
        summary: 'Create a blank template (parties, one section, signers)',
        body: createTemplateSchema,
        response: { 201: templateDetailSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      return reply
        .status(201)
        .send(await createTemplate(platform, { caller: user, input: request.body }));
    },
  );

  app.post(
    '/api/v1/templates/coupons/redeem',
    {
      schema: {
        tags,
        summary: 'Redeem a coupon code: view access to its template',
        body: redeemCouponSchema,
        response: { 200: redeemCouponResultSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return redeemCoupon(platform, { caller: user, couponCode: request.body.couponCode });
    },
  );

  app.get(
    '/api/v1/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'One template with its sections',
        params,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return getTemplate(platform, { caller: user, ...request.params });
    },
  );

  app.patch(
    '/api/v1/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'Change a template’s details, coupon code or price (editors; price: admins)',
        params,
        body: updateTemplateSchema,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return updateTemplate(platform, { caller: user, ...request.params, input: request.body });
    },
  );

  app.delete(
    '/api/v1/templates/:templateId',
    {
      schema: {
        tags,
        summary: 'Delete a template (editors)',
        params,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await deleteTemplate(platform, { caller: user, ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/templates/:templateId/duplicate',
    {
      schema: {
        tags,
        summary: 'A personal copy of a template with its sections',
        params,
        body: duplicateTemplateSchema.optional(),
        response: { 201: templateDetailSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const copy = await duplicateTemplate(platform, {
        caller: user,
        ...request.params,
        title: request.body?.title,
      });
      return reply.status(201).send(copy);
    },
  );

  app.post(
    '/api/v1/templates/:templateId/publish',
    {
      schema: {
        tags,
        summary: 'Publish a template globally under a partner (administrators)',
        params,
        body: publishTemplateSchema,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return setTemplatePublished(platform, {
        caller: user,
        ...request.params,
        partner: request.body.partner,
      });
    },
  );

  app.post(
    '/api/v1/templates/:templateId/unpublish',
    {
      schema: {
        tags,
        summary: 'Unpublish a global template and clear its partner (administrators)',
        params,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return setTemplatePublished(platform, { caller: user, ...request.params, partner: null });
    },
  );
};

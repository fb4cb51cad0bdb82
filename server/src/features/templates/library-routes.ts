import {
  redeemCouponResultSchema,
  templateDetailSchema,
  templateListQuerySchema,
  templateListSchema,
} from '@pactum/core/api/templates';
import { createTemplateSchema, redeemCouponSchema } from '@pactum/core/templates';
import { requireSession } from '../../http/session';
import { listTemplates } from './list';
import { type TemplateApp, tags } from './route-kit';
import { createTemplate, redeemCoupon } from './service';

/** The template library: its pages, a new blank template, a redeemed coupon. */
export function registerLibraryRoutes(app: TemplateApp): void {
  const platform = app.platform;

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
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';

/* What the deal route plugins share: the app they register on, tags, params, the caller. */

/** The app a deal route plugin registers its routes on (zod-typed, as `dealRoutes` gets it). */
export type DealApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['deals'];
export const dealParams = z.object({ dealId: z.uuid() });
export const sectionParams = z.object({ dealId: z.uuid(), sectionId: z.uuid() });

export const userIdOf = async (request: Parameters<typeof requireSession>[0]) =>
  (await requireSession(request)).user.id;

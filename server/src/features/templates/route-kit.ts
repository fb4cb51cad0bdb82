import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/* What the template route plugins share: the app they register on, tags, params. */

/** The app a template route plugin registers on (zod-typed, as `templateRoutes` gets it). */
export type TemplateApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['templates'];
export const params = z.object({ templateId: z.uuid() });

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/* What the sending route plugins share: the app they register on, tags. */

/** The app a sending route plugin registers on (zod-typed, as `sendingRoutes` gets it). */
export type SendingApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['sending'];

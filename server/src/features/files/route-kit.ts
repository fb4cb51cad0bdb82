import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/* What the file route plugins share: the app they register on. */

/** The app a file route plugin registers its routes on (zod-typed, as `fileRoutes` gets it). */
export type FileApp = Parameters<FastifyPluginAsyncZod>[0];

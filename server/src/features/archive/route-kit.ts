import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/session';

/* What the archive route plugins share: the app they register on, tags, the caller. */

/** The app an archive route plugin registers on (zod-typed, as `archiveRoutes` gets it). */
export type ArchiveApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['archive'];

export const userIdOf = async (request: Parameters<typeof requireSession>[0]) =>
  (await requireSession(request)).user.id;

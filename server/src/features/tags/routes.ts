import { documentTagsSchema } from '@pactum/core/api/tags';
import { documentCollections } from '@pactum/core/documents';
import { setDocumentTagsSchema } from '@pactum/core/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { getDocumentTags, setDocumentTags } from './service';

const params = z.object({ documentId: z.uuid() });

/** Workspace tags on templates, drafts and deals. */
export const documentTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  for (const collection of documentCollections) {
    const tags = [collection];
    app.get(
      `/api/v1/${collection}/:documentId/tags`,
      {
        schema: {
          tags,
          summary: 'The document’s tags and the tags the user can add',
          params,
          response: { 200: documentTagsSchema },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        return getDocumentTags(platform, { collection, ...request.params, caller: user });
      },
    );
    app.put(
      `/api/v1/${collection}/:documentId/tags`,
      {
        schema: {
          tags,
          summary: 'Set the document’s tags among the user’s workspace tags (edit access)',
          params,
          body: setDocumentTagsSchema,
          response: { 200: documentTagsSchema },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        return setDocumentTags(platform, {
          collection,
          ...request.params,
          caller: user,
          tagIds: request.body.tagIds,
        });
      },
    );
  }
};

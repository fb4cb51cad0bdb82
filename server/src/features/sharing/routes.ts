import { accessListSchema, sharingSuggestionsSchema } from '@pactum/core/api/sharing';
import { noContent } from '@pactum/core/api/wire';
import { documentCollections } from '@pactum/core/documents';
import { shareDocumentSchema, updateAccessSchema } from '@pactum/core/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { listAccess } from './list-access';
import { removeAccess } from './remove-access';
import { shareDocument } from './share-document';
import { sharingSuggestions } from './sharing-suggestions';
import { updateAccess } from './update-access';

const params = z.object({ documentId: z.uuid() });
const entryParams = params.extend({ accessId: z.uuid() });

/** Share lists of templates, drafts and deals, and whom the user can invite. */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/sharing/suggestions',
    {
      schema: {
        tags: ['sharing'],
        summary: 'People, workspaces and groups of the user’s workspaces to invite',
        response: { 200: sharingSuggestionsSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return sharingSuggestions(platform, { userId: user.id });
    },
  );

  for (const collection of documentCollections) {
    const tags = [collection];
    const base = `/api/v1/${collection}/:documentId/access`;

    app.get(
      base,
      {
        schema: {
          tags,
          summary: 'Who the document is shared with',
          params,
          response: { 200: accessListSchema },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        return listAccess(platform, { collection, ...request.params, caller: user });
      },
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: 'Share with people by e-mail, workspaces or groups (editors)',
          params,
          body: shareDocumentSchema,
          response: { 201: accessListSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        const list = await shareDocument(platform, {
          collection,
          ...request.params,
          caller: user,
          input: request.body,
        });
        return reply.status(201).send(list);
      },
    );

    app.patch(
      `${base}/:accessId`,
      {
        schema: {
          tags,
          summary: 'Change a member’s role (editors)',
          params: entryParams,
          body: updateAccessSchema,
          response: { 200: accessListSchema },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        return updateAccess(platform, {
          collection,
          documentId: request.params.documentId,
          accessId: request.params.accessId,
          caller: user,
          role: request.body.role,
        });
      },
    );

    app.delete(
      `${base}/:accessId`,
      {
        schema: {
          tags,
          summary: 'Remove a member (editors; one member always stays)',
          params: entryParams,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        await removeAccess(platform, {
          collection,
          documentId: request.params.documentId,
          accessId: request.params.accessId,
          caller: user,
        });
        return reply.status(204).send(null);
      },
    );
  }
};

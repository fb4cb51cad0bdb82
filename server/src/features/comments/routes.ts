import { commentSchema, commentThreadListSchema } from '@pactum/core/api/comments';
import { noContent } from '@pactum/core/api/wire';
import {
  createCommentSchema,
  resolveCommentSchema,
  updateCommentSchema,
} from '@pactum/core/drafts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import {
  canWatchComments,
  createComment,
  deleteComment,
  listComments,
  reopenThread,
  resolveThread,
  updateComment,
} from './service';

const tags = ['comments'];
const documentParams = z.object({ documentId: z.uuid() });
const commentParams = z.object({ commentId: z.uuid() });

/** Internal comments of drafts and deals (spec 2 §4.5): seen only by the commenter's party. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  platform.realtime.authorize('comments', (userId, id) =>
    canWatchComments(platform.database.db, userId, id),
  );

  // One pair of routes per collection: static first segments keep the router unambiguous.
  for (const collection of ['drafts', 'deals'] as const) {
    app.get(
      `/api/v1/${collection}/:documentId/comments`,
      {
        schema: {
          tags,
          summary: 'Internal comment threads of the caller’s party',
          params: documentParams,
          querystring: z.object({ sectionId: z.uuid().optional() }),
          response: { 200: commentThreadListSchema },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        const threads = await listComments(platform, {
          userId: user.id,
          collection,
          documentId: request.params.documentId,
          sectionId: request.query.sectionId,
        });
        return { threads };
      },
    );

    app.post(
      `/api/v1/${collection}/:documentId/comments`,
      {
        schema: {
          tags,
          summary: 'Start a thread or reply',
          params: documentParams,
          body: createCommentSchema,
          response: { 201: commentSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        const comment = await createComment(platform, {
          userId: user.id,
          collection,
          documentId: request.params.documentId,
          input: request.body,
        });
        return reply.status(201).send(comment);
      },
    );
  }

  app.patch(
    '/api/v1/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Edit one’s own comment',
        params: commentParams,
        body: updateCommentSchema,
        response: { 200: commentSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return updateComment(platform, {
        userId: user.id,
        id: request.params.commentId,
        content: request.body.content,
      });
    },
  );

  app.post(
    '/api/v1/comments/:commentId/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve a thread, optionally with a reply',
        params: commentParams,
        body: resolveCommentSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await resolveThread(platform, {
        userId: user.id,
        id: request.params.commentId,
        reply: request.body?.reply || undefined,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/comments/:commentId/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a resolved thread',
        params: commentParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await reopenThread(platform, { userId: user.id, id: request.params.commentId });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Delete a comment or thread',
        params: commentParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await deleteComment(platform, { userId: user.id, id: request.params.commentId });
      return reply.status(204).send(null);
    },
  );
};

import {
  apiTokenListSchema,
  apiTokenSchema,
  createdApiTokenSchema,
} from '@pactum/core/api/api-tokens';
import { createApiTokenSchema } from '@pactum/core/api-tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

const tags = ['api-tokens'];
const tokenParams = z.object({ tokenId: z.uuid() });
const workspaceParams = z.object({ workspaceId: z.uuid() });
const workspaceTokenParams = workspaceParams.extend({ tokenId: z.uuid() });

/**
 * API tokens: the caller's own (`/me/api-tokens`) and a workspace's (administrators only). They
 * are managed signed in: `http/token-guard.ts` refuses these routes to requests made with a token.
 */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/me/api-tokens',
    {
      schema: {
        tags,
        summary: 'Your API tokens, newest first (at most 100, revoked ones included)',
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return listApiTokens(platform, { userId: user.id });
    },
  );

  app.post(
    '/api/v1/me/api-tokens',
    {
      schema: {
        tags,
        summary: 'Make a personal API token (its text is in this answer only)',
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const created = await createApiToken(platform, { userId: user.id, input: request.body });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/v1/me/api-tokens/:tokenId',
    {
      schema: {
        tags,
        summary: 'Revoke a personal API token (at once, everywhere)',
        params: tokenParams,
        response: { 200: apiTokenSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return revokeApiToken(platform, { userId: user.id, tokenId: request.params.tokenId });
    },
  );

  app.get(
    '/api/v1/workspaces/:workspaceId/api-tokens',
    {
      schema: {
        tags,
        summary: 'The workspace’s API tokens (administrators), newest first, at most 100',
        params: workspaceParams,
        response: { 200: apiTokenListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return listApiTokens(platform, { userId: user.id, ...request.params });
    },
  );

  app.post(
    '/api/v1/workspaces/:workspaceId/api-tokens',
    {
      schema: {
        tags,
        summary: 'Make a workspace API token (administrators; its text is in this answer only)',
        params: workspaceParams,
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const created = await createApiToken(platform, {
        userId: user.id,
        ...request.params,
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/v1/workspaces/:workspaceId/api-tokens/:tokenId',
    {
      schema: {
        tags,
        summary: 'Revoke a workspace API token (administrators; at once, everywhere)',
        params: workspaceTokenParams,
        response: { 200: apiTokenSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return revokeApiToken(platform, { userId: user.id, ...request.params });
    },
  );
};

import {
  draftDetailSchema,
  draftListQuerySchema,
  draftListSchema,
  draftQueueSchema,
  receiverListSchema,
  templateFromDraftResultSchema,
} from '@pactum/core/api/drafts';
import { noContent } from '@pactum/core/api/wire';
import {
  putReceiversSchema,
  templateFromDraftSchema,
  updateDraftSchema,
} from '@pactum/core/drafts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { canWatchDraft } from './can-watch-draft';
import { createDraftFromTemplate } from './create-draft-from-template';
import { createTemplateFromDraft } from './create-template-from-draft';
import { deleteDraft } from './delete-draft';
import { getDraft } from './get-draft';
import { getDraftQueue } from './get-draft-queue';
import { listDrafts } from './list-drafts';
import { putReceivers } from './put-receivers';
import { updateDraft } from './update-draft';

/** The app a draft route plugin registers its routes on (zod-typed, as `draftRoutes` gets it). */
type DraftApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['drafts'];
const draftParams = z.object({ draftId: z.uuid() });

/** Drafts (spec 2 §2.2, §4.4): creation from a template, list, detail, edit, receivers. */
export const draftRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  platform.realtime.authorize('draft', async (userId, draftId) => {
    if (!z.uuid().safeParse(draftId).success) return false;
    return canWatchDraft(platform, { userId, draftId });
  });

  registerDraftCreateAndReadRoutes(app);
  registerDraftWriteRoutes(app);
  registerDraftSendingRoutes(app);
};

/** A draft made from a template, the draft list and one draft. */
function registerDraftCreateAndReadRoutes(app: DraftApp): void {
  const platform = app.platform;

  app.post(
    '/api/v1/templates/:templateId/drafts',
    {
      schema: {
        tags,
        summary: 'Create a draft from a template',
        params: z.object({ templateId: z.uuid() }),
        response: { 201: draftDetailSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const draft = await createDraftFromTemplate(platform, {
        userId: user.id,
        templateId: request.params.templateId,
      });
      return reply.status(201).send(draft);
    },
  );

  app.get(
    '/api/v1/drafts',
    {
      schema: {
        tags,
        summary: 'The draft list, a page at a time, newest first',
        querystring: draftListQuerySchema,
        response: { 200: draftListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return listDrafts(platform, { userId: user.id, ...request.query });
    },
  );

  app.get(
    '/api/v1/drafts/:draftId',
    {
      schema: {
        tags,
        summary: 'One draft',
        params: draftParams,
        response: { 200: draftDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return getDraft(platform, { userId: user.id, draftId: request.params.draftId });
    },
  );
}

/** A draft's changes, its removal and a template made from it. */
function registerDraftWriteRoutes(app: DraftApp): void {
  const platform = app.platform;

  app.patch(
    '/api/v1/drafts/:draftId',
    {
      schema: {
        tags,
        summary: 'Change a draft',
        params: draftParams,
        body: updateDraftSchema,
        response: { 200: draftDetailSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return updateDraft(platform, {
        userId: user.id,
        draftId: request.params.draftId,
        input: request.body,
      });
    },
  );

  app.delete(
    '/api/v1/drafts/:draftId',
    {
      schema: {
        tags,
        summary: 'Delete a draft (creator only)',
        params: draftParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await deleteDraft(platform, { userId: user.id, draftId: request.params.draftId });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/drafts/:draftId/template',
    {
      schema: {
        tags,
        summary: 'Create a template from a draft',
        params: draftParams,
        body: templateFromDraftSchema,
        response: { 201: templateFromDraftResultSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      const result = await createTemplateFromDraft(platform, {
        userId: user.id,
        draftId: request.params.draftId,
        title: request.body?.title,
      });
      return reply.status(201).send(result);
    },
  );
}

/** Whom a draft goes to and how its sending is getting on. */
function registerDraftSendingRoutes(app: DraftApp): void {
  const platform = app.platform;

  app.put(
    '/api/v1/drafts/:draftId/receivers',
    {
      schema: {
        tags,
        summary: 'Set the receivers of a draft',
        params: draftParams,
        body: putReceiversSchema,
        response: { 200: receiverListSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      const receivers = await putReceivers(platform, {
        userId: user.id,
        draftId: request.params.draftId,
        input: request.body,
      });
      return { receivers };
    },
  );

  app.get(
    '/api/v1/drafts/:draftId/queue',
    {
      schema: {
        tags,
        summary: 'The send progress of a draft (its que; 404 before sending)',
        params: draftParams,
        response: { 200: draftQueueSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      return getDraftQueue(platform, { userId: user.id, draftId: request.params.draftId });
    },
  );
}

import {
  dealSectionChangeSchema,
  redlineSchema,
  sectionVersionListSchema,
} from '@pactum/core/api/deals';
import { noContent } from '@pactum/core/api/wire';
import {
  createDealSectionSchema,
  dealSectionActionSchema,
  redlineQuerySchema,
  saveDealSectionSchema,
} from '@pactum/core/deals';
import { agreeDealSection } from './agree-section';
import { createDealSection } from './create-section';
import { deleteDealSection } from './delete-section';
import { getDealSection } from './get-section';
import { listSectionVersions } from './list-section-versions';
import { lockDealSection } from './lock-section';
import { reopenDealSection } from './reopen-section';
import { type DealApp, dealParams, sectionParams, tags, userIdOf } from './route-kit';
import { saveDealSection } from './save-section';
import { sectionRedline } from './section-redline';
import { unlockDealSection } from './unlock-section';

/** A deal's sections: add one, read one, save an edit, delete one. */
export function registerDealSectionRoutes(app: DealApp): void {
  const platform = app.platform;

  app.post(
    '/api/v1/deals/:dealId/sections',
    {
      schema: {
        tags,
        summary: 'Add a section (the adding party’s proposal)',
        params: dealParams,
        body: createDealSectionSchema,
        response: { 201: dealSectionChangeSchema },
      },
    },
    async (request, reply) => {
      const change = await createDealSection(platform, {
        userId: await userIdOf(request),
        ...request.params,
        input: request.body,
      });
      return reply.status(201).send(change);
    },
  );

  app.get(
    '/api/v1/deals/:dealId/sections/:sectionId',
    {
      schema: {
        tags,
        summary: 'One section as the deal’s page shows it, with the deal’s figures',
        params: sectionParams,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      getDealSection(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.put(
    '/api/v1/deals/:dealId/sections/:sectionId',
    {
      schema: {
        tags,
        summary: 'Save an edit: countered with a new default version',
        params: sectionParams,
        body: saveDealSectionSchema,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      saveDealSection(platform, {
        userId: await userIdOf(request),
        ...request.params,
        input: request.body,
      }),
  );

  app.delete(
    '/api/v1/deals/:dealId/sections/:sectionId',
    {
      schema: {
        tags,
        summary: 'Delete a section that is not agreed',
        params: sectionParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteDealSection(platform, { userId: await userIdOf(request), ...request.params });
      return reply.status(204).send(null);
    },
  );
}

/** The negotiation of a section: open and close its editor, agree to it, reopen it. */
export function registerSectionActionRoutes(app: DealApp): void {
  const platform = app.platform;

  app.post(
    '/api/v1/deals/:dealId/sections/:sectionId/lock',
    {
      schema: {
        tags,
        summary: 'Open a section for editing',
        params: sectionParams,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      lockDealSection(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.delete(
    '/api/v1/deals/:dealId/sections/:sectionId/lock',
    {
      schema: {
        tags,
        summary: 'Close the section editor (cancel)',
        params: sectionParams,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      unlockDealSection(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.post(
    '/api/v1/deals/:dealId/sections/:sectionId/agree',
    {
      schema: {
        tags,
        summary: 'Agree to the section’s current version',
        params: sectionParams,
        body: dealSectionActionSchema,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      agreeDealSection(platform, {
        userId: await userIdOf(request),
        ...request.params,
        baseLogLength: request.body.baseLogLength,
      }),
  );

  app.post(
    '/api/v1/deals/:dealId/sections/:sectionId/reopen',
    {
      schema: {
        tags,
        summary: 'Open an agreed section again for negotiation',
        params: sectionParams,
        body: dealSectionActionSchema,
        response: { 200: dealSectionChangeSchema },
      },
    },
    async (request) =>
      reopenDealSection(platform, {
        userId: await userIdOf(request),
        ...request.params,
        baseLogLength: request.body.baseLogLength,
      }),
  );
}

/** A section's versions and the redline between two of them. */
export function registerSectionVersionRoutes(app: DealApp): void {
  const platform = app.platform;

  app.get(
    '/api/v1/deals/:dealId/sections/:sectionId/versions',
    {
      schema: {
        tags,
        summary: 'The versions of a section',
        params: sectionParams,
        response: { 200: sectionVersionListSchema },
      },
    },
    async (request) =>
      listSectionVersions(platform, { userId: await userIdOf(request), ...request.params }),
  );

  app.get(
    '/api/v1/deals/:dealId/sections/:sectionId/redline',
    {
      schema: {
        tags,
        summary: 'The redline between two versions of a section',
        params: sectionParams,
        querystring: redlineQuerySchema,
        response: { 200: redlineSchema },
      },
    },
    async (request) =>
      sectionRedline(platform, {
        userId: await userIdOf(request),
        ...request.params,
        ...request.query,
      }),
  );
}

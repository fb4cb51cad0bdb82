import { sectionListSchema } from '@pactum/core/api/sections';
import { sectionSchema } from '@pactum/core/api/templates';
import { noContent } from '@pactum/core/api/wire';
import {
  addSectionSchema,
  moveSectionSchema,
  saveSectionSchema,
  sectionCollections,
} from '@pactum/core/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { addSection } from './add-section';
import { deleteSection } from './delete-section';
import { lockSection } from './lock-section';
import { moveSection } from './move-section';
import { saveSection } from './save-section';
import { unlockSection } from './unlock-section';

const documentParams = z.object({ documentId: z.uuid() });
const sectionParams = documentParams.extend({ sectionId: z.uuid() });

/**
 * Sections of templates and drafts (the same rules and service for both): add, open for editing
 * (lock), save, move, remove. Realtime: `sections.changed` and `section.locked` on
 * `template:<id>` / `draft:<id>`.
 */
export const sectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  for (const collection of sectionCollections) {
    const tags = [collection];
    const base = `/api/v1/${collection}/:documentId/sections`;
    const noun = collection === 'templates' ? 'template' : 'draft';

    app.post(
      base,
      {
        schema: {
          tags,
          summary: `Add a section to a ${noun} (after a section, as a child, or before signers)`,
          params: documentParams,
          body: addSectionSchema,
          response: { 201: sectionSchema },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        const section = await addSection(platform, {
          collection,
          documentId: request.params.documentId,
          caller: user,
          input: request.body,
        });
        return reply.status(201).send(section);
      },
    );

    app.post(
      `${base}/:sectionId/lock`,
      {
        schema: {
          tags,
          summary: `Open a ${noun} section for editing (409 'Locked by %s' when someone else has it)`,
          params: sectionParams,
          response: { 200: sectionSchema },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        return lockSection(platform, { collection, ...request.params, caller: user });
      },
    );

    app.delete(
      `${base}/:sectionId/lock`,
      {
        schema: {
          tags,
          summary: `Close a ${noun} section without saving`,
          params: sectionParams,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        await unlockSection(platform, { collection, ...request.params, caller: user });
        return reply.status(204).send(null);
      },
    );

    app.put(
      `${base}/:sectionId`,
      {
        schema: {
          tags,
          summary: `Save and close a ${noun} section (sanitised HTML; needs the caller's lock)`,
          params: sectionParams,
          body: saveSectionSchema,
          response: { 200: sectionSchema },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        return saveSection(platform, {
          collection,
          ...request.params,
          caller: user,
          input: request.body,
        });
      },
    );

    app.post(
      `${base}/:sectionId/move`,
      {
        schema: {
          tags,
          summary: `Move a ${noun} section up, down, in or out; all sections renumbered`,
          params: sectionParams,
          body: moveSectionSchema,
          response: { 200: sectionListSchema },
        },
      },
      async (request) => {
        const { user } = await requireSession(request);
        return moveSection(platform, {
          collection,
          ...request.params,
          caller: user,
          direction: request.body.direction,
        });
      },
    );

    app.delete(
      `${base}/:sectionId`,
      {
        schema: {
          tags,
          summary: `Remove a ${noun} section and its subsections (not parties or signers)`,
          params: sectionParams,
          response: { 204: noContent },
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(request);
        await deleteSection(platform, { collection, ...request.params, caller: user });
        return reply.status(204).send(null);
      },
    );
  }
};

import { pdfFileResponse } from '@pactum/core/api/files';
import { noContent } from '@pactum/core/api/wire';
import {
  addAttachmentSchema,
  attachmentListSchema,
  attachmentSchema,
  collectionParamsSchema,
  moveAttachmentSchema,
} from '@pactum/core/files';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { requireSession } from '../../http/session';
import {
  addAttachment,
  listAttachments,
  moveAttachment,
  openAttachment,
  removeAttachment,
} from './attachments';
import type { FileApp } from './route-kit';

const attachmentParams = z.object({ attachmentId: z.uuid() });

/** The attachments of templates, drafts and deals: list, attach, move, remove, download. */
export function registerAttachmentRoutes(app: FileApp): void {
  const platform = app.platform;
  const caller = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user;

  app.get(
    '/api/v1/:collection/:documentId/attachments',
    {
      schema: {
        tags: ['files'],
        summary: 'The attachments of a template, draft or deal',
        params: collectionParamsSchema,
        response: { 200: attachmentListSchema },
      },
    },
    async (request) =>
      listAttachments(platform, { caller: await caller(request), ...request.params }),
  );

  app.post(
    '/api/v1/:collection/:documentId/attachments',
    {
      schema: {
        tags: ['files'],
        summary: 'Attach a completed PDF upload',
        params: collectionParamsSchema,
        body: addAttachmentSchema,
        response: { 201: attachmentSchema },
      },
    },
    async (request, reply) => {
      const attachment = await addAttachment(platform, {
        caller: await caller(request),
        ...request.params,
        uploadId: request.body.uploadId,
      });
      return reply.status(201).send(attachment);
    },
  );

  app.patch(
    '/api/v1/attachments/:attachmentId',
    {
      schema: {
        tags: ['files'],
        summary: 'Move an attachment to a position',
        params: attachmentParams,
        body: moveAttachmentSchema,
        response: { 200: attachmentListSchema },
      },
    },
    async (request) =>
      moveAttachment(platform, {
        caller: await caller(request),
        attachmentId: request.params.attachmentId,
        position: request.body.position,
      }),
  );

  app.delete(
    '/api/v1/attachments/:attachmentId',
    {
      schema: {
        tags: ['files'],
        summary: 'Remove an attachment',
        params: attachmentParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeAttachment(platform, { caller: await caller(request), ...request.params });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/attachments/:attachmentId/file',
    {
      schema: {
        tags: ['files'],
        summary: 'Download an attachment',
        params: attachmentParams,
        response: { 200: pdfFileResponse('The attached PDF') },
      },
    },
    async (request, reply) => {
      const file = await openAttachment(platform, {
        caller: await caller(request),
        ...request.params,
      });
      return reply
        .header('content-type', file.type)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}

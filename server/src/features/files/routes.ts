import { pdfFileResponse, uploadLimitsSchema } from '@pactum/core/api/files';
import { noContent } from '@pactum/core/api/wire';
import {
  addAttachmentSchema,
  attachmentListSchema,
  attachmentSchema,
  collectionParamsSchema,
  createUploadSchema,
  moveAttachmentSchema,
  UPLOAD_CHUNK_SIZE,
  uploadCreatedSchema,
  uploadStateSchema,
} from '@pactum/core/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { contentDisposition } from '../../http/content-disposition';
import { requireSession } from '../../http/session';
import {
  addAttachment,
  listAttachments,
  moveAttachment,
  openAttachment,
  removeAttachment,
} from './attachments';
import { scheduleFileJobs } from './clean-up';
import { appendChunk, cancelUpload, createUpload, getUpload } from './uploads';

const uploadParams = z.object({ uploadId: z.uuid() });
const attachmentParams = z.object({ attachmentId: z.uuid() });

/** Resumable uploads and the attachments of templates, drafts and deals. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  // The job queues start after the app is built; the schedule is set once the app is ready.
  app.addHook('onReady', () => scheduleFileJobs(platform));
  const userId = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user.id;
  const caller = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user;

  // Chunks arrive raw (tus's content type); one chunk at most UPLOAD_CHUNK_SIZE bytes.
  app.addContentTypeParser(
    'application/offset+octet-stream',
    { parseAs: 'buffer', bodyLimit: UPLOAD_CHUNK_SIZE },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/v1/uploads',
    {
      schema: {
        tags: ['files'],
        summary: 'Announce an upload (size and name checked first)',
        body: createUploadSchema,
        response: { 201: uploadCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await createUpload(platform, {
        userId: await userId(request),
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/v1/uploads/limits',
    {
      schema: {
        tags: ['files'],
        summary: 'The size limit and chunk size, so the browser checks before uploading',
        response: { 200: uploadLimitsSchema },
      },
    },
    async (request) => {
      await userId(request);
      return { maxBytes: platform.config.attachmentMaxBytes, chunkSize: UPLOAD_CHUNK_SIZE };
    },
  );

  app.get(
    '/api/v1/uploads/:uploadId',
    {
      schema: {
        tags: ['files'],
        summary: 'Where an upload stands (to resume it)',
        params: uploadParams,
        response: { 200: uploadStateSchema },
      },
    },
    async (request) => getUpload(platform, { userId: await userId(request), ...request.params }),
  );

  app.patch(
    '/api/v1/uploads/:uploadId',
    {
      bodyLimit: UPLOAD_CHUNK_SIZE,
      schema: {
        tags: ['files'],
        summary: 'Send the chunk at Upload-Offset (application/offset+octet-stream)',
        params: uploadParams,
        headers: z.looseObject({ 'upload-offset': z.coerce.number().int().min(0) }),
        response: { 200: uploadStateSchema },
      },
    },
    async (request) => {
      const uploaderId = await userId(request);
      if (request.headers['content-type'] !== 'application/offset+octet-stream') {
        throw new AppError('chunk_content_type');
      }
      const chunk = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return appendChunk(platform, {
        userId: uploaderId,
        uploadId: request.params.uploadId,
        offset: request.headers['upload-offset'],
        chunk,
      });
    },
  );

  app.delete(
    '/api/v1/uploads/:uploadId',
    {
      schema: {
        tags: ['files'],
        summary: 'Cancel an upload',
        params: uploadParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await cancelUpload(platform, { userId: await userId(request), ...request.params });
      return reply.status(204).send(null);
    },
  );

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
};

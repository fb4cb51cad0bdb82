import { uploadLimitsSchema } from '@pactum/core/api/files';
import { noContent } from '@pactum/core/api/wire';
import {
  createUploadSchema,
  UPLOAD_CHUNK_SIZE,
  uploadCreatedSchema,
  uploadStateSchema,
} from '@pactum/core/files';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { requireSession } from '../../http/session';
import type { FileApp } from './route-kit';
import { appendChunk, cancelUpload, createUpload, getUpload } from './uploads';

const uploadParams = z.object({ uploadId: z.uuid() });

/** Resumable uploads: announce one, its limits, where it stands, its chunks, cancel it. */
export function registerUploadRoutes(app: FileApp): void {
  const platform = app.platform;
  const userId = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user.id;

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
}

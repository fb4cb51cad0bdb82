import { UPLOAD_CHUNK_SIZE } from '@pactum/core/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAttachmentRoutes } from './attachment-routes';
import { scheduleFileJobs } from './clean-up';
import { registerUploadRoutes } from './upload-routes';

/** Resumable uploads and the attachments of templates, drafts and deals. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  // The job queues start after the app is built; the schedule is set once the app is ready.
  app.addHook('onReady', () => scheduleFileJobs(platform));

  // Chunks arrive raw (tus's content type); one chunk at most UPLOAD_CHUNK_SIZE bytes.
  app.addContentTypeParser(
    'application/offset+octet-stream',
    { parseAs: 'buffer', bodyLimit: UPLOAD_CHUNK_SIZE },
    (_request, body, done) => done(null, body),
  );

  registerUploadRoutes(app);
  registerAttachmentRoutes(app);
};

import { archiveDeletedSchema, archiveItemDetailSchema } from '@pactum/core/api/archive';
import { pdfFileResponse } from '@pactum/core/api/files';
import { documentTagsSchema } from '@pactum/core/api/tags';
import { updateItemSchema } from '@pactum/core/archive';
import { setDocumentTagsSchema } from '@pactum/core/templates';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { getArchiveItemTags, openArchivePdf, setArchiveItemTags } from './files';
import { deleteArchiveItem, updateArchiveItem } from './items';
import { getArchiveItem } from './listing';
import { type ArchiveApp, tags, userIdOf } from './route-kit';

const itemParams = z.object({ itemId: z.uuid() });
const pdfQuery = z.object({ download: z.enum(['0', '1']).default('0') });

/** One folder or file: open, rename or move, delete; the viewer’s PDF; its tags. */
export function registerItemRoutes(app: ArchiveApp): void {
  const platform = app.platform;

  app.get(
    '/api/v1/archive/items/:itemId',
    {
      schema: {
        tags,
        summary: 'A folder or file with its path',
        params: itemParams,
        response: { 200: archiveItemDetailSchema },
      },
    },
    async (request) =>
      getArchiveItem(platform, { userId: await userIdOf(request), itemId: request.params.itemId }),
  );

  app.patch(
    '/api/v1/archive/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Rename a folder or file, or move it to another folder',
        params: itemParams,
        body: updateItemSchema,
        response: { 200: archiveItemDetailSchema },
      },
    },
    async (request) =>
      updateArchiveItem(platform, {
        userId: await userIdOf(request),
        itemId: request.params.itemId,
        input: request.body,
      }),
  );

  app.delete(
    '/api/v1/archive/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Delete a folder or file and everything below it',
        params: itemParams,
        response: { 200: archiveDeletedSchema },
      },
    },
    async (request) =>
      deleteArchiveItem(platform, {
        userId: await userIdOf(request),
        itemId: request.params.itemId,
      }),
  );

  app.get(
    '/api/v1/archive/items/:itemId/pdf',
    {
      schema: {
        tags,
        summary: 'The file’s PDF, to view (download=0) or to save (download=1)',
        params: itemParams,
        querystring: pdfQuery,
        response: { 200: pdfFileResponse('The archived PDF') },
      },
    },
    async (request, reply) => {
      const file = await openArchivePdf(platform, {
        userId: await userIdOf(request),
        itemId: request.params.itemId,
      });
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.name, disposition))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.get(
    '/api/v1/archive/items/:itemId/tags',
    {
      schema: {
        tags,
        summary: 'The item’s tags and the tags the user can put on it',
        params: itemParams,
        response: { 200: documentTagsSchema },
      },
    },
    async (request) =>
      getArchiveItemTags(platform, {
        userId: await userIdOf(request),
        itemId: request.params.itemId,
      }),
  );

  app.put(
    '/api/v1/archive/items/:itemId/tags',
    {
      schema: {
        tags,
        summary: 'Set the item’s tags among its workspace’s tags',
        params: itemParams,
        body: setDocumentTagsSchema,
        response: { 200: documentTagsSchema },
      },
    },
    async (request) =>
      setArchiveItemTags(platform, {
        userId: await userIdOf(request),
        itemId: request.params.itemId,
        tagIds: request.body.tagIds,
      }),
  );
}

import {
  archiveDeletedSchema,
  archiveItemDetailSchema,
  archiveItemSchema,
  archivePageSchema,
  archiveRootSchema,
} from '@pactum/core/api/archive';
import { pdfFileResponse } from '@pactum/core/api/files';
import { documentTagsSchema } from '@pactum/core/api/tags';
import {
  addArchiveFileSchema,
  archivePageQuerySchema,
  createFolderSchema,
  updateFolderSchema,
  updateItemSchema,
} from '@pactum/core/archive';
import { setDocumentTagsSchema } from '@pactum/core/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { requireSession } from '../../http/session';
import { addArchiveFile, getArchiveItemTags, openArchivePdf, setArchiveItemTags } from './files';
import { createFolder, updateFolder } from './folders';
import { deleteArchiveItem, updateArchiveItem } from './items';
import { getArchiveItem, listArchiveRoot, listFolderItems } from './listing';

const folderParams = z.object({ folderId: z.uuid() });
const itemParams = z.object({ itemId: z.uuid() });
const pdfQuery = z.object({ download: z.enum(['0', '1']).default('0') });
const tags = ['archive'];

/** The archive: folders, files, uploads into folders, the viewer's PDF, tags. */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  const userId = async (request: Parameters<typeof requireSession>[0]) =>
    (await requireSession(request)).user.id;

  app.get(
    '/api/v1/archive',
    {
      schema: {
        tags,
        summary: 'The root folders the user may open and what the Inbox holds',
        querystring: archivePageQuerySchema,
        response: { 200: archiveRootSchema },
      },
    },
    async (request) =>
      listArchiveRoot(platform, { userId: await userId(request), query: request.query }),
  );

  app.post(
    '/api/v1/archive/folders',
    {
      schema: {
        tags,
        summary: 'Create a root folder of a workspace or a subfolder',
        body: createFolderSchema,
        response: { 201: archiveItemSchema },
      },
    },
    async (request, reply) => {
      const folder = await createFolder(platform, {
        userId: await userId(request),
        input: request.body,
      });
      return reply.status(201).send(folder);
    },
  );

  app.get(
    '/api/v1/archive/folders/:folderId',
    {
      schema: {
        tags,
        summary: 'A folder with its path, size and permission change',
        params: folderParams,
        response: { 200: archiveItemDetailSchema },
      },
    },
    async (request) =>
      getArchiveItem(platform, {
        userId: await userId(request),
        itemId: request.params.folderId,
        type: 'folder',
      }),
  );

  app.get(
    '/api/v1/archive/folders/:folderId/items',
    {
      schema: {
        tags,
        summary: 'The folders and files in a folder that the user may open',
        params: folderParams,
        querystring: archivePageQuerySchema,
        response: { 200: archivePageSchema },
      },
    },
    async (request) =>
      listFolderItems(platform, {
        userId: await userId(request),
        folderId: request.params.folderId,
        query: request.query,
      }),
  );

  app.patch(
    '/api/v1/archive/folders/:folderId',
    {
      schema: {
        tags,
        summary: 'Rename a folder or change its groups (carried to everything below it)',
        params: folderParams,
        body: updateFolderSchema,
        response: { 200: archiveItemDetailSchema },
      },
    },
    async (request) =>
      updateFolder(platform, {
        userId: await userId(request),
        folderId: request.params.folderId,
        input: request.body,
      }),
  );

  app.post(
    '/api/v1/archive/folders/:folderId/files',
    {
      schema: {
        tags,
        summary: 'File a completed PDF upload into the folder (or a dropped path below it)',
        params: folderParams,
        body: addArchiveFileSchema,
        response: { 201: archiveItemSchema },
      },
    },
    async (request, reply) => {
      const file = await addArchiveFile(platform, {
        userId: await userId(request),
        folderId: request.params.folderId,
        input: request.body,
      });
      return reply.status(201).send(file);
    },
  );

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
      getArchiveItem(platform, { userId: await userId(request), itemId: request.params.itemId }),
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
        userId: await userId(request),
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
      deleteArchiveItem(platform, { userId: await userId(request), itemId: request.params.itemId }),
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
        userId: await userId(request),
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
        userId: await userId(request),
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
        userId: await userId(request),
        itemId: request.params.itemId,
        tagIds: request.body.tagIds,
      }),
  );
};

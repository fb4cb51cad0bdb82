import {
  archiveItemDetailSchema,
  archiveItemSchema,
  archivePageSchema,
  archiveRootSchema,
} from '@pactum/core/api/archive';
import {
  addArchiveFileSchema,
  archivePageQuerySchema,
  createFolderSchema,
  updateFolderSchema,
} from '@pactum/core/archive';
import { z } from 'zod';
import { addArchiveFile } from './files';
import { createFolder, updateFolder } from './folders';
import { getArchiveItem, listArchiveRoot, listFolderItems } from './listing';
import { type ArchiveApp, tags, userIdOf } from './route-kit';

const folderParams = z.object({ folderId: z.uuid() });

/** The archive’s root and its folders: create, open, list, change, file an upload into one. */
export function registerFolderRoutes(app: ArchiveApp): void {
  const platform = app.platform;

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
      listArchiveRoot(platform, { userId: await userIdOf(request), query: request.query }),
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
        userId: await userIdOf(request),
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
        userId: await userIdOf(request),
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
        userId: await userIdOf(request),
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
        userId: await userIdOf(request),
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
        userId: await userIdOf(request),
        folderId: request.params.folderId,
        input: request.body,
      });
      return reply.status(201).send(file);
    },
  );
}

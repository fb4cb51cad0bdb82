import type { AddArchiveFile } from '@pactum/core/archive';
import { apiFetch } from '../../../app/http';
import type { ArchiveItem } from '../types';
import { archiveApi } from './archive-keys';

/**
 * POST /api/v1/archive/folders/:folderId/files: files a completed upload into the folder, or
 * into the dropped folder tree below it (`path`, each step made or reused by name). The
 * uploads hook refetches the folder once a batch is filed.
 */
export function addFile(folderId: string, body: AddArchiveFile): Promise<ArchiveItem> {
  return apiFetch<ArchiveItem>(archiveApi(`/folders/${encodeURIComponent(folderId)}/files`), {
    method: 'POST',
    body,
  });
}

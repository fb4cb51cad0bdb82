import { INBOX_ID } from '@pactum/core/archive';

/** The archive's page (`user-archive`): the root, a folder (`inbox` too) or a file's viewer. */
export function archivePath(folderId?: string | null, fileId?: string): string {
  const parts = ['/dashboard/account/archive'];
  if (folderId) parts.push(encodeURIComponent(folderId));
  if (folderId && fileId) parts.push(encodeURIComponent(fileId));
  return parts.join('/');
}

/** Where a file opens: in its folder, or in the Inbox when it has none. */
export const archiveFilePath = (file: { id: string; parentId: string | null }) =>
  archivePath(file.parentId ?? INBOX_ID, file.id);

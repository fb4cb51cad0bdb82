import { ARCHIVE_PAGE_SIZE } from '@pactum/core/archive';
import type { ArchivePage } from '../types';

/**
 * The query keys of the archive, all under `['archive']`: a change to any folder or file
 * refetches every archive query (listings are paged and a move touches two folders at once).
 */
export const archiveKeys = {
  all: ['archive'] as const,
  root: () => ['archive', 'root'] as const,
  inbox: () => ['archive', 'inbox'] as const,
  folder: (folderId: string) => ['archive', 'folder', folderId] as const,
  folderItems: (folderId: string) => ['archive', 'folder', folderId, 'items'] as const,
  item: (itemId: string) => ['archive', 'item', itemId] as const,
  tags: (itemId: string) => ['archive', 'item', itemId, 'tags'] as const,
  /** Under the file's key: a change of its alerts refetches the file (its alert count) too. */
  alerts: (itemId: string) => ['archive', 'item', itemId, 'alerts'] as const,
  alertSuggestions: (itemId: string) => ['archive', 'item', itemId, 'alert-suggestions'] as const,
  dealArchived: (dealId: string) => ['archive', 'deal', dealId] as const,
};

/** The API path of the archive (`/api/v1/archive…`). */
export const archiveApi = (path = '') => `/api/v1/archive${path}`;

/** `?page=&pageSize=` of a paged listing. */
export const pageQuery = (page: number, pageSize = ARCHIVE_PAGE_SIZE) =>
  `?page=${page}&pageSize=${pageSize}`;

/** The next page of a paged listing, or undefined after the last one. */
export function nextPage(last: Pick<ArchivePage, 'page' | 'pageSize' | 'total'>) {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

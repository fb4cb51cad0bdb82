import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchivePage } from '../types';
import { archiveApi, archiveKeys, nextPage, pageQuery } from './archive-keys';

/** GET /api/v1/archive/folders/:folderId/items: subfolders first, then files, by name. */
export function listFolderItems(
  folderId: string,
  page: number,
  pageSize?: number,
): Promise<ArchivePage> {
  return apiFetch<ArchivePage>(
    archiveApi(`/folders/${encodeURIComponent(folderId)}/items${pageQuery(page, pageSize)}`),
  );
}

export const folderItemsQueryOptions = (folderId: string) =>
  infiniteQueryOptions({
    queryKey: archiveKeys.folderItems(folderId),
    queryFn: ({ pageParam }) => listFolderItems(folderId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    retry: false,
  });

export function useFolderItems(folderId: string | undefined) {
  return useInfiniteQuery({
    ...folderItemsQueryOptions(folderId ?? ''),
    enabled: folderId !== undefined,
  });
}

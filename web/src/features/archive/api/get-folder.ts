import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchiveItemDetail } from '../types';
import { archiveApi, archiveKeys } from './archive-keys';
import { FILING_POLL_MS } from './get-root';

/** GET /api/v1/archive/folders/:folderId: the folder with its path, counts and permission change. */
export function getFolder(folderId: string): Promise<ArchiveItemDetail> {
  return apiFetch<ArchiveItemDetail>(archiveApi(`/folders/${encodeURIComponent(folderId)}`));
}

export const folderQueryOptions = (folderId: string) =>
  queryOptions({
    queryKey: archiveKeys.folder(folderId),
    queryFn: () => getFolder(folderId),
    retry: false,
  });

export function useFolder(folderId: string | undefined) {
  return useQuery({
    ...folderQueryOptions(folderId ?? ''),
    enabled: folderId !== undefined,
    // A group change runs through the folders and files below: its progress is shown.
    refetchInterval: (query) =>
      query.state.data?.permissionChange?.state === 'running' ? FILING_POLL_MS : false,
  });
}

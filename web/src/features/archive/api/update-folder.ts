import type { UpdateFolder } from '@pactum/core/archive';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchiveItemDetail } from '../types';
import { archiveApi, archiveKeys } from './archive-keys';

/**
 * PATCH /api/v1/archive/folders/:folderId: its name and groups (an empty list: the whole
 * workspace). A group change then runs through everything below (`permissionChange`).
 */
export function updateFolder(folderId: string, body: UpdateFolder): Promise<ArchiveItemDetail> {
  return apiFetch<ArchiveItemDetail>(archiveApi(`/folders/${encodeURIComponent(folderId)}`), {
    method: 'PATCH',
    body,
  });
}

export function useUpdateFolder(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFolder) => updateFolder(folderId, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(archiveKeys.folder(folderId), detail);
      return queryClient.invalidateQueries({ queryKey: archiveKeys.all });
    },
  });
}

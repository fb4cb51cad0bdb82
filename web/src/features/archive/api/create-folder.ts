import type { CreateFolder } from '@pactum/core/archive';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchiveItem } from '../types';
import { archiveApi, archiveKeys } from './archive-keys';

/**
 * POST /api/v1/archive/folders: a root folder (with a workspace and optionally groups of it) or
 * a subfolder (`parentId`; it takes the parent's workspace).
 */
export function createFolder(body: CreateFolder): Promise<ArchiveItem> {
  return apiFetch<ArchiveItem>(archiveApi('/folders'), { method: 'POST', body });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archiveKeys.all }),
  });
}

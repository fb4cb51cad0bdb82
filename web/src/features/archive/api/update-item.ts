import type { UpdateItem } from '@pactum/core/archive';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchiveItem } from '../types';
import { archiveApi, archiveKeys } from './archive-keys';

/** PATCH /api/v1/archive/items/:itemId: renames it or moves it into another folder. */
export function updateItem(itemId: string, body: UpdateItem): Promise<ArchiveItem> {
  return apiFetch<ArchiveItem>(archiveApi(`/items/${encodeURIComponent(itemId)}`), {
    method: 'PATCH',
    body,
  });
}

/**
 * The refetch of the archive is not waited for: the caller's `onSuccess` (the dialog closing and
 * going to the file's new place) runs as soon as the server has answered. Waited for, the file's
 * own refetch could show the moved file first, and the viewer, following it to its new folder,
 * would unmount the dialog before its `onSuccess` ran (issue 37).
 */
export function useUpdateItem(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateItem) => updateItem(itemId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: archiveKeys.all });
    },
  });
}

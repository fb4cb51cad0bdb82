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

export function useUpdateItem(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateItem) => updateItem(itemId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archiveKeys.all }),
  });
}

import type { archiveDeletedSchema } from '@pactum/core/api/archive';
import type { Wire } from '@pactum/core/api/wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { archiveApi, archiveKeys } from './archive-keys';

/** DELETE /api/v1/archive/items/:itemId: a file, or a folder with everything below it. */
export function deleteItem(itemId: string): Promise<Wire<typeof archiveDeletedSchema>> {
  return apiFetch(archiveApi(`/items/${encodeURIComponent(itemId)}`), { method: 'DELETE' });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_, itemId) => {
      // The deleted item's own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: archiveKeys.item(itemId) });
      queryClient.removeQueries({ queryKey: archiveKeys.folder(itemId) });
      return queryClient.invalidateQueries({ queryKey: archiveKeys.all });
    },
  });
}

import type { archiveDeletedSchema } from '@pactum/core/api/archive';
import type { Wire } from '@pactum/core/api/wire';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchivePage } from '../types';
import { archiveApi, archiveKeys } from './archive-keys';

/** DELETE /api/v1/archive/items/:itemId: a file, or a folder with everything below it. */
export function deleteItem(itemId: string): Promise<Wire<typeof archiveDeletedSchema>> {
  return apiFetch(archiveApi(`/items/${encodeURIComponent(itemId)}`), { method: 'DELETE' });
}

/** A cached paged listing (root, folder or Inbox) without the deleted item, or the data as it was. */
export function withoutItem(data: unknown, itemId: string): unknown {
  if (!isListing(data)) return data;
  if (!data.pages.some((page) => page.items.some((item) => item.id === itemId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== itemId),
      total: page.total - 1,
    })),
  };
}

function isListing(data: unknown): data is InfiniteData<ArchivePage> {
  const pages = (data as { pages?: unknown } | undefined)?.pages;
  return Array.isArray(pages) && pages.every((page) => Array.isArray(page?.items));
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_, itemId) => {
      // The listing the user goes back to must not show the item until its refetch answers.
      queryClient.setQueriesData({ queryKey: archiveKeys.all }, (data: unknown) =>
        withoutItem(data, itemId),
      );
      // The deleted item's own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: archiveKeys.item(itemId) });
      queryClient.removeQueries({ queryKey: archiveKeys.folder(itemId) });
      return queryClient.invalidateQueries({ queryKey: archiveKeys.all });
    },
  });
}

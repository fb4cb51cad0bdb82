import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ArchiveItemDetail } from '../types';
import { archiveApi, archiveKeys } from './archive-keys';

/** GET /api/v1/archive/items/:itemId: a folder or file with its place (404 without access). */
export function getItem(itemId: string): Promise<ArchiveItemDetail> {
  return apiFetch<ArchiveItemDetail>(archiveApi(`/items/${encodeURIComponent(itemId)}`));
}

export const itemQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: archiveKeys.item(itemId),
    queryFn: () => getItem(itemId),
    retry: false,
  });

export function useItem(itemId: string | undefined) {
  return useQuery({ ...itemQueryOptions(itemId ?? ''), enabled: itemId !== undefined });
}

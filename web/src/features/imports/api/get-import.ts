import type { importDetailSchema } from '@pactum/core/api/imports';
import type { Wire } from '@pactum/core/api/wire';
import { IMPORT_POLL_MS } from '@pactum/core/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** An import with its state, converted blocks and the wizard's picks. */
export type ImportDetail = Wire<typeof importDetailSchema>;

export const importQueryKey = (importId: string) => ['import', importId] as const;

/** GET /api/v1/imports/:id: the import and, once converted, its blocks. */
export function getImport(importId: string): Promise<ImportDetail> {
  return apiFetch(`/api/v1/imports/${encodeURIComponent(importId)}`);
}

const isConverting = (detail: ImportDetail | undefined) =>
  !detail || detail.state === 'new' || detail.state === 'loading';

/**
 * Polled every IMPORT_POLL_MS (500 ms) while the document converts, then left alone: the
 * spec's 100 ms would only load the server, conversion takes a second or two.
 */
export const importQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: importQueryKey(importId),
    queryFn: () => getImport(importId),
    refetchInterval: (query) => (isConverting(query.state.data) ? IMPORT_POLL_MS : false),
    refetchOnWindowFocus: false,
  });

export function useImport(importId: string) {
  return useQuery(importQueryOptions(importId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { SharingSuggestions } from '../types';

export const suggestionsQueryKey = ['sharing-suggestions'] as const;

/**
 * GET /api/v1/sharing/suggestions: the people (at most 100), workspaces and groups of the
 * caller's workspaces, offered in the sharing dialog.
 */
export function getSuggestions() {
  return apiFetch<SharingSuggestions>('/api/v1/sharing/suggestions');
}

export const suggestionsQueryOptions = queryOptions({
  queryKey: suggestionsQueryKey,
  queryFn: getSuggestions,
});

export function useSharingSuggestions(isEnabled: boolean) {
  return useQuery({ ...suggestionsQueryOptions, enabled: isEnabled });
}

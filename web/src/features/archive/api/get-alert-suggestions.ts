import type { alertSuggestionsSchema } from '@pactum/core/api/alerts';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { archiveApi, archiveKeys } from './archive-keys';

/** Who may be alerted about a file: the people who can open it (at most 100). */
export type AlertSuggestions = Wire<typeof alertSuggestionsSchema>;

/** GET /api/v1/archive/items/:itemId/alert-suggestions. */
export function getAlertSuggestions(itemId: string): Promise<AlertSuggestions> {
  return apiFetch<AlertSuggestions>(
    archiveApi(`/items/${encodeURIComponent(itemId)}/alert-suggestions`),
  );
}

export const alertSuggestionsQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: archiveKeys.alertSuggestions(itemId),
    queryFn: async () => {
      try {
        return await getAlertSuggestions(itemId);
      } catch (error) {
        // Spec 1 §8: a failure to load the suggestions is only logged; addresses can be typed.
        console.warn('failed to load e-mail suggestions', error);
        return { items: [] };
      }
    },
    staleTime: 60_000,
  });

export function useAlertSuggestions(itemId: string) {
  return useQuery(alertSuggestionsQueryOptions(itemId));
}

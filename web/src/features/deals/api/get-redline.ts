import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealQueryKey, dealSectionApiPath } from './deal-keys';

/** `titleHtml` is the redline of the section title, null when both versions have the same. */
export type Redline = { from: string; to: string; html: string; titleHtml: string | null };

/** GET .../sections/:sectionId/redline?from=&to=: insertions and deletions between versions. */
export function getRedline(
  dealId: string,
  sectionId: string,
  from: string,
  to: string,
): Promise<Redline> {
  const query = new URLSearchParams({ from, to });
  return apiFetch<Redline>(`${dealSectionApiPath(dealId, sectionId)}/redline?${query}`);
}

export const redlineQueryOptions = (dealId: string, sectionId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...dealQueryKey(dealId), 'redline', sectionId, from, to],
    queryFn: () => getRedline(dealId, sectionId, from, to),
  });

export function useRedline(dealId: string, sectionId: string, from: string, to: string) {
  return useQuery({
    ...redlineQueryOptions(dealId, sectionId, from, to),
    enabled: from !== '' && to !== '',
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealQueryKey, dealSectionApiPath } from '../../documents';
import type { Redline } from '../types';

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

/** The prefix of every redline of a section, whichever two versions it compares. */
export const redlinesQueryKey = (dealId: string, sectionId: string) =>
  [...dealQueryKey(dealId), 'redline', sectionId] as const;

export const redlineQueryOptions = (dealId: string, sectionId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...redlinesQueryKey(dealId, sectionId), from, to],
    queryFn: () => getRedline(dealId, sectionId, from, to),
  });

export function useRedline(dealId: string, sectionId: string, from: string, to: string) {
  return useQuery({
    ...redlineQueryOptions(dealId, sectionId, from, to),
    enabled: from !== '' && to !== '',
  });
}

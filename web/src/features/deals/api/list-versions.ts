import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealQueryKey, dealSectionApiPath } from '../../documents';
import type { SectionVersionList } from '../types';

/** GET .../sections/:sectionId/versions: the versions of a section in order. */
export function listVersions(dealId: string, sectionId: string): Promise<SectionVersionList> {
  return apiFetch<SectionVersionList>(`${dealSectionApiPath(dealId, sectionId)}/versions`);
}

/** A section's versions: a save adds one, a delete removes them all. */
export const versionsQueryKey = (dealId: string, sectionId: string) =>
  [...dealQueryKey(dealId), 'versions', sectionId] as const;

export const versionsQueryOptions = (dealId: string, sectionId: string) =>
  queryOptions({
    queryKey: versionsQueryKey(dealId, sectionId),
    queryFn: () => listVersions(dealId, sectionId),
  });

export function useVersions(dealId: string, sectionId: string, isEnabled: boolean) {
  return useQuery({ ...versionsQueryOptions(dealId, sectionId), enabled: isEnabled });
}

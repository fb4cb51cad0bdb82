import type { templateListSchema } from '@pactum/core/api/templates';
import type { Wire } from '@pactum/core/api/wire';
import type { TemplateFilter } from '@pactum/core/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** `GET /templates`: the library's cards. */
export type TemplateList = Wire<typeof templateListSchema>;
/** One card of the template library. */
export type TemplateCard = TemplateList['templates'][number];

/** The key prefix of every library list; any change to templates refetches them all. */
export const templatesQueryKey = ['templates'] as const;
export const templateListQueryKey = (filter: TemplateFilter) =>
  [...templatesQueryKey, filter] as const;

/** GET /api/v1/templates?filter=: the library's cards (all, my, shared or global). */
export function listTemplates(filter: TemplateFilter): Promise<TemplateList> {
  return apiFetch<TemplateList>(`/api/v1/templates?filter=${encodeURIComponent(filter)}`);
}

export const templateListQueryOptions = (filter: TemplateFilter) =>
  queryOptions({
    queryKey: templateListQueryKey(filter),
    queryFn: () => listTemplates(filter),
  });

export function useTemplates(filter: TemplateFilter) {
  return useQuery(templateListQueryOptions(filter));
}

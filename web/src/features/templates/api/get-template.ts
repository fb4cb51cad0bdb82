import type { templateDetailSchema } from '@pactum/core/api/templates';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentQueryKey } from '../../../app/document-key';
import { apiFetch } from '../../../app/http';

/** A template with its sections, as the template routes answer it. */
export type TemplateDetail = Wire<typeof templateDetailSchema>;

/**
 * The key of one template, `['template', id]`: its realtime topic `template:<id>` refetches
 * every query under it (the detail with its sections, the share list, the tags).
 */
export const templateQueryKey = (templateId: string) => documentQueryKey('templates', templateId);

/** GET /api/v1/templates/:id: the template with its sections (404 without access). */
export function getTemplate(templateId: string): Promise<TemplateDetail> {
  return apiFetch<TemplateDetail>(`/api/v1/templates/${encodeURIComponent(templateId)}`);
}

export const templateQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: templateQueryKey(templateId),
    queryFn: () => getTemplate(templateId),
  });

export function useTemplate(templateId: string) {
  return useQuery(templateQueryOptions(templateId));
}

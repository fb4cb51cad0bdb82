import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type TemplateDetail, templateQueryKey } from './get-template';
import { templatesQueryKey } from './list-templates';

/** POST /api/v1/templates/:id/duplicate: a personal copy with its sections. */
export function duplicateTemplate(templateId: string, title?: string): Promise<TemplateDetail> {
  return apiFetch<TemplateDetail>(`/api/v1/templates/${encodeURIComponent(templateId)}/duplicate`, {
    method: 'POST',
    body: title ? { title } : {},
  });
}

export function useDuplicateTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title?: string) => duplicateTemplate(templateId, title),
    onSuccess: (copy) => {
      if (copy?.sections) queryClient.setQueryData(templateQueryKey(copy.id), copy);
      return queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
}

import type { CreateTemplateInput } from '@pactum/core/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type TemplateDetail, templateQueryKey } from './get-template';
import { templatesQueryKey } from './list-templates';

/**
 * POST /api/v1/templates: a blank template with three sections (parties, one default section,
 * signers), created by the caller, who gets edit access.
 */
export function createTemplate(body: CreateTemplateInput): Promise<TemplateDetail> {
  return apiFetch<TemplateDetail>('/api/v1/templates', { method: 'POST', body });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateQueryKey(template.id), template);
      return queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
}

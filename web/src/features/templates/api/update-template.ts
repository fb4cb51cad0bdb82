import type { updateTemplateSchema } from '@pactum/core/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../app/http';
import { documentWriteKey } from '../../sections';
import { type TemplateDetail, templateQueryKey } from './get-template';
import { templatesQueryKey } from './list-templates';

/** What the editor and the settings dialog send: any of the template's own fields. */
export type TemplatePatch = z.input<typeof updateTemplateSchema>;

/** PATCH /api/v1/templates/:id: changes some of the template's fields (editors). */
export function updateTemplate(templateId: string, body: TemplatePatch): Promise<TemplateDetail> {
  return apiFetch<TemplateDetail>(`/api/v1/templates/${encodeURIComponent(templateId)}`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentWriteKey({ collection: 'templates', documentId: templateId }),
    mutationFn: (body: TemplatePatch) => updateTemplate(templateId, body),
    onSuccess: (template) => {
      // The answer is the whole template; a bare acknowledgement waits for the refetch.
      if (template?.sections) queryClient.setQueryData(templateQueryKey(templateId), template);
    },
    // Not awaited: the write is over when the server answers; the refetch follows.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: templateQueryKey(templateId) });
      void queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
}

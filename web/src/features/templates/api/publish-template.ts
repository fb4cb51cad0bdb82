import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { documentWriteKey } from '../../sections';
import { type TemplateDetail, templateQueryKey } from './get-template';
import { templatesQueryKey } from './list-templates';

/** POST /api/v1/templates/:id/publish: makes the template global under a partner (admins). */
export function publishTemplate(templateId: string, partner: string): Promise<TemplateDetail> {
  return apiFetch<TemplateDetail>(`/api/v1/templates/${encodeURIComponent(templateId)}/publish`, {
    method: 'POST',
    body: { partner },
  });
}

export function usePublishTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentWriteKey({ collection: 'templates', documentId: templateId }),
    mutationFn: (partner: string) => publishTemplate(templateId, partner),
    // Not awaited: the write is over when the server answers; the refetch follows.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: templateQueryKey(templateId) });
      void queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
}

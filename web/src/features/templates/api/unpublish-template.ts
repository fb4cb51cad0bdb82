import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { documentWriteKey } from '../../sections';
import { type TemplateDetail, templateQueryKey } from './get-template';
import { templatesQueryKey } from './list-templates';

/** POST /api/v1/templates/:id/unpublish: no longer global; the partner is cleared (admins). */
export function unpublishTemplate(templateId: string): Promise<TemplateDetail> {
  return apiFetch<TemplateDetail>(`/api/v1/templates/${encodeURIComponent(templateId)}/unpublish`, {
    method: 'POST',
  });
}

export function useUnpublishTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentWriteKey({ collection: 'templates', documentId: templateId }),
    mutationFn: () => unpublishTemplate(templateId),
    // Not awaited: the write is over when the server answers; the refetch follows.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: templateQueryKey(templateId) });
      void queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
}

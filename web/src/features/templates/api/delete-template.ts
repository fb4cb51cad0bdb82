import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { templateQueryKey } from './get-template';
import { templatesQueryKey } from './list-templates';

/** DELETE /api/v1/templates/:id (users with edit access). */
export function deleteTemplate(templateId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/templates/${encodeURIComponent(templateId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTemplate(templateId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: templateQueryKey(templateId) });
      return queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
}

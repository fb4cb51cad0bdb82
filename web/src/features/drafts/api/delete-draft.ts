import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { draftQueryKey } from './get-draft';
import { draftsQueryKey } from './list-drafts';

/** DELETE /api/v1/drafts/:id: trashes the draft (its creator only). */
export function deleteDraft(draftId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/drafts/${encodeURIComponent(draftId)}`, { method: 'DELETE' });
}

export function useDeleteDraft(draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDraft(draftId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: draftQueryKey(draftId) });
      void queryClient.invalidateQueries({ queryKey: draftsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type DraftDetail, draftQueryKey } from './get-draft';
import { draftsQueryKey } from './list-drafts';

/** POST /api/v1/templates/:templateId/drafts: a new draft from a template (spec 2 §4.4). */
export function createDraft(templateId: string): Promise<DraftDetail> {
  return apiFetch<DraftDetail>(`/api/v1/templates/${encodeURIComponent(templateId)}/drafts`, {
    method: 'POST',
  });
}

export function useCreateDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDraft,
    onSuccess: (draft) => {
      queryClient.setQueryData(draftQueryKey(draft.id), draft);
      void queryClient.invalidateQueries({ queryKey: draftsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

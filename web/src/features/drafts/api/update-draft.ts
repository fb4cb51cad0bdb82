import type { updateDraftSchema } from '@pactum/core/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../app/http';
import { type DraftDetail, draftQueryKey } from './get-draft';
import { draftsQueryKey } from './list-drafts';

/** The fields of a draft that PATCH /drafts/:id changes; any subset (the route's schema). */
export type DraftChanges = z.input<typeof updateDraftSchema>;

/** PATCH /api/v1/drafts/:id: saves some fields of the draft; answers the draft. */
export function updateDraft(draftId: string, changes: DraftChanges): Promise<DraftDetail> {
  return apiFetch<DraftDetail>(`/api/v1/drafts/${encodeURIComponent(draftId)}`, {
    method: 'PATCH',
    body: changes,
  });
}

export function useUpdateDraft(draftId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DraftChanges) => updateDraft(draftId, changes),
    onSuccess: (draft) => {
      queryClient.setQueryData(draftQueryKey(draftId), draft);
      void queryClient.invalidateQueries({ queryKey: draftsQueryKey });
    },
  });
}

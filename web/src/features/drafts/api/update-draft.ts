import type { DealProcess, DocumentVisibility, Parties } from '@pactum/core/documents';
import type { DraftDetail } from '@pactum/core/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { draftQueryKey } from './get-draft';
import { draftsQueryKey } from './list-drafts';

/** The fields of a draft that PATCH /drafts/:id changes; any subset. */
export type DraftChanges = Partial<{
  title: string;
  abstract: string;
  parties: Parties;
  dealProcess: DealProcess;
  batchName: string | null;
  senderMessage: string | null;
  workspaceId: string | null;
  visibility: DocumentVisibility;
}>;

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

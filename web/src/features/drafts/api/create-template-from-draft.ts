import type { templateFromDraftResultSchema } from '@pactum/core/api/drafts';
import type { Wire } from '@pactum/core/api/wire';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** POST /api/v1/drafts/:id/template: a new template made of the draft and its sections. */
export function createTemplateFromDraft(
  draftId: string,
): Promise<Wire<typeof templateFromDraftResultSchema>> {
  return apiFetch<Wire<typeof templateFromDraftResultSchema>>(
    `/api/v1/drafts/${encodeURIComponent(draftId)}/template`,
    { method: 'POST' },
  );
}

export function useCreateTemplateFromDraft(draftId: string) {
  return useMutation({ mutationFn: () => createTemplateFromDraft(draftId) });
}

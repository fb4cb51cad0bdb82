import type { importTemplateResultSchema } from '@pactum/core/api/imports';
import type { Wire } from '@pactum/core/api/wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { importQueryKey } from './get-import';

/** POST /api/v1/imports/:id/template: creates the template from the saved picks. */
export function createTemplateFromImport(
  importId: string,
): Promise<Wire<typeof importTemplateResultSchema>> {
  return apiFetch(`/api/v1/imports/${encodeURIComponent(importId)}/template`, {
    method: 'POST',
  });
}

export function useCreateTemplateFromImport(importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createTemplateFromImport(importId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importQueryKey(importId) }),
  });
}

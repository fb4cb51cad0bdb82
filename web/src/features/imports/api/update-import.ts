import type { UpdateImport } from '@pactum/core/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type ImportDetail, importQueryKey } from './get-import';

/** PATCH /api/v1/imports/:id: saves the wizard's picks. */
export function updateImport(importId: string, input: UpdateImport): Promise<ImportDetail> {
  return apiFetch(`/api/v1/imports/${encodeURIComponent(importId)}`, {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdateImport(importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateImport) => updateImport(importId, input),
    onSuccess: (detail) => queryClient.setQueryData(importQueryKey(importId), detail),
  });
}

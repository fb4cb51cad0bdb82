import type { UpdateAccount } from '@pactum/core/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type Me, meQueryKey } from '../../auth';

/** PATCH /api/v1/me: changes any subset of the user's own settings; answers the user. */
export function updateMe(changes: UpdateAccount): Promise<Me> {
  return apiFetch<Me>('/api/v1/me', { method: 'PATCH', body: changes });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { meQueryKey } from './get-me';

/** POST /api/v1/auth/verify-email: confirms the address with the code of the mailed link. */
export function verifyEmail(body: { code: string }): Promise<void> {
  return apiFetch<void>('/api/v1/auth/verify-email', { method: 'POST', body });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

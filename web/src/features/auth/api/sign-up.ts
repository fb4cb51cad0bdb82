import type { SignUp } from '@pactum/core/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type Me, meQueryKey } from './get-me';

/** POST /api/v1/auth/sign-up: creates the account and signs it in (e-mail unverified). */
export function signUp(body: SignUp): Promise<Me> {
  return apiFetch<Me>('/api/v1/auth/sign-up', { method: 'POST', body });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}

import type { ssoSignUpSchema } from '@pactum/core/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../app/http';
import { type Me, meQueryKey } from './get-me';

export type SsoSignUp = z.input<typeof ssoSignUpSchema>;

/** POST /api/v1/auth/sso-signup: completes the profile after a first Google/Microsoft sign-in. */
export function ssoSignUp(body: SsoSignUp): Promise<Me> {
  return apiFetch<Me>('/api/v1/auth/sso-signup', { method: 'POST', body });
}

export function useSsoSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ssoSignUp,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}

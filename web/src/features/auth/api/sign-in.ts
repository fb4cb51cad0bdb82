import type { SignIn } from '@pactum/core/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { chooseLanguage } from '../../../app/i18n';
import { type Me, meQueryKey } from './get-me';

/** POST /api/v1/auth/sign-in: starts a session (cookie) and answers the user. */
export function signIn(body: SignIn): Promise<Me> {
  return apiFetch<Me>('/api/v1/auth/sign-in', { method: 'POST', body });
}

/** Signs in, stores the user and switches the UI to the user's language. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (me) => {
      queryClient.setQueryData(meQueryKey, me);
      await chooseLanguage(me.lang);
    },
  });
}

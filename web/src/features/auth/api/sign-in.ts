import type { SecondFactorMethod } from '@pactum/core/api/two-factor';
import type { SignIn } from '@pactum/core/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { chooseLanguage } from '../../../app/i18n';
import { type Me, meQueryKey } from './get-me';

/** The password was right; the account asks for its second factor next. */
export type SecondFactorStep = { secondFactor: { methods: SecondFactorMethod[] } };

/**
 * POST /api/v1/auth/sign-in: starts a session (cookie) and answers the user, or, for an account
 * with a second factor, answers the factors the sign-in may finish with.
 */
export function signIn(body: SignIn): Promise<Me | SecondFactorStep> {
  return apiFetch<Me | SecondFactorStep>('/api/v1/auth/sign-in', { method: 'POST', body });
}

/** Whether a sign-in answer is the second step rather than the signed-in user. */
export function isSecondFactorStep(answer: Me | SecondFactorStep): answer is SecondFactorStep {
  return 'secondFactor' in answer;
}

/** POST /api/v1/auth/sign-in/code: finishes the sign-in with an authenticator or recovery code. */
export function signInWithCode(body: { code: string }): Promise<Me> {
  return apiFetch<Me>('/api/v1/auth/sign-in/code', { method: 'POST', body });
}

/**
 * Finishes the sign-in with a passkey: the server's challenge, the browser's authenticator
 * (WebAuthn, its helper loaded only now), and the answer back.
 */
export async function signInWithPasskey(): Promise<Me> {
  const { options } = await apiFetch<{ options: Record<string, unknown> }>(
    '/api/v1/auth/sign-in/passkey/options',
    { method: 'POST' },
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return apiFetch<Me>('/api/v1/auth/sign-in/passkey', { method: 'POST', body: { response } });
}

/** Stores the signed-in user and switches the UI to the user's language. */
async function signedIn(queryClient: ReturnType<typeof useQueryClient>, me: Me) {
  queryClient.setQueryData(meQueryKey, me);
  await chooseLanguage(me.lang);
}

/** Signs in; the user is stored unless a second factor is asked for. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (answer) => {
      if (!isSecondFactorStep(answer)) await signedIn(queryClient, answer);
    },
  });
}

/** Finishes a sign-in with a code. */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    onSuccess: (me) => signedIn(queryClient, me),
  });
}

/** Finishes a sign-in with a passkey. */
export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (me) => signedIn(queryClient, me),
  });
}

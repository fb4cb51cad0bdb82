import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { meQueryKey } from '../../auth';
import { twoFactorQueryKey } from './get-two-factor';

type RecoveryCodes = { recoveryCodes: string[] };

/** After a factor changed: the factors, and `me` (its `hasTwoFactor`) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
}

/** POST …/two-factor/totp: a new secret for the authenticator app (counts once confirmed). */
export function useStartTotp() {
  return useMutation({
    mutationFn: () =>
      apiFetch<{ secret: string; uri: string }>('/api/v1/account/two-factor/totp', {
        method: 'POST',
      }),
  });
}

/** POST …/two-factor/totp/confirm: turns the app on; the first factor brings recovery codes. */
export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { code: string }) =>
      apiFetch<RecoveryCodes>('/api/v1/account/two-factor/totp/confirm', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** DELETE …/two-factor/totp: removes the authenticator app. */
export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/v1/account/two-factor/totp', { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST …/two-factor/recovery-codes: new codes; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiFetch<RecoveryCodes>('/api/v1/account/two-factor/recovery-codes', { method: 'POST' }),
    onSuccess: refresh,
  });
}

/**
 * Adds a passkey: the server's creation options, the browser's authenticator (WebAuthn, its
 * helper loaded only now) and the answer back with the key's name.
 */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { name: string }) => {
      const { options } = await apiFetch<{ options: Record<string, unknown> }>(
        '/api/v1/account/passkeys/options',
        { method: 'POST' },
      );
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as never });
      return apiFetch<RecoveryCodes>('/api/v1/account/passkeys', {
        method: 'POST',
        body: { name: body.name, response },
      });
    },
    onSuccess: refresh,
  });
}

/** DELETE …/passkeys/:id. */
export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (passkeyId: string) =>
      apiFetch<void>(`/api/v1/account/passkeys/${encodeURIComponent(passkeyId)}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}

/** POST /api/v1/auth/reauthenticate: the password (and a code) again, for 15 minutes. */
export function useReauthenticate() {
  return useMutation({
    mutationFn: (body: { password: string; code?: string }) =>
      apiFetch<void>('/api/v1/auth/reauthenticate', { method: 'POST', body }),
  });
}

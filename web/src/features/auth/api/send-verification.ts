import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/**
 * POST /api/v1/auth/send-verification: mails the signed-in user a new verification link. With
 * `returnTo` (a page of the app, e.g. the document to sign) the link leads back there.
 */
export function sendVerification(returnTo?: string): Promise<void> {
  return apiFetch<void>('/api/v1/auth/send-verification', {
    method: 'POST',
    ...(returnTo ? { body: { returnTo } } : {}),
  });
}

export function useSendVerification() {
  return useMutation({ mutationFn: (returnTo?: string) => sendVerification(returnTo) });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** POST /api/v1/auth/send-verification: mails the signed-in user a new verification link. */
export function sendVerification(): Promise<void> {
  return apiFetch<void>('/api/v1/auth/send-verification', { method: 'POST' });
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}

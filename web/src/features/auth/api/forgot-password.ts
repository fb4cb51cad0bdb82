import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** POST /api/v1/auth/forgot-password: mails a reset link if the account exists (always 204). */
export function forgotPassword(body: { email: string }): Promise<void> {
  return apiFetch<void>('/api/v1/auth/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

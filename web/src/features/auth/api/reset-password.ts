import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** POST /api/v1/auth/reset-password: sets a new password with the code of the mailed link. */
export function resetPassword(body: { code: string; password: string }): Promise<void> {
  return apiFetch<void>('/api/v1/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/**
 * POST /api/v1/auth/change-password: the user's other sessions end; this browser stays
 * signed in.
 */
export function changePassword(body: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  return apiFetch<void>('/api/v1/auth/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

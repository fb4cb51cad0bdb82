import type { AdminReasonBody } from '@pactum/core/api/admin';
import { apiFetch } from '../../../app/http';
import { useUserAction } from './use-user-action';

/** POST /api/v1/admin/users/:userId/verification: mails the user a new verification link. */
export function resendVerification(userId: string, body: AdminReasonBody): Promise<void> {
  return apiFetch<void>(`/api/v1/admin/users/${encodeURIComponent(userId)}/verification`, {
    method: 'POST',
    body,
  });
}

export function useResendVerification(userId: string) {
  return useUserAction(userId, resendVerification);
}

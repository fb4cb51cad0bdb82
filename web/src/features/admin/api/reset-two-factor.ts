import type { AdminReasonBody } from '@pactum/core/api/admin';
import { apiFetch } from '../../../app/http';
import { useUserAction } from './use-user-action';

/**
 * POST /api/v1/admin/users/:userId/second-factor/reset: removes the user's second factors and
 * recovery codes (a lost device) and ends their sessions.
 */
export function resetTwoFactor(userId: string, body: AdminReasonBody): Promise<void> {
  return apiFetch<void>(`/api/v1/admin/users/${encodeURIComponent(userId)}/second-factor/reset`, {
    method: 'POST',
    body,
  });
}

export function useResetTwoFactor(userId: string) {
  return useUserAction(userId, resetTwoFactor);
}

import type { AdminReasonBody } from '@pactum/core/api/admin';
import { apiFetch } from '../../../app/http';
import { useUserAction } from './use-user-action';

export type SetDisabledBody = AdminReasonBody & { isDisabled: boolean };

/**
 * POST /api/v1/admin/users/:userId/disable or …/enable: a disabled user cannot sign in and their
 * sessions end; enabling lets them in again.
 */
export function setUserDisabled(
  userId: string,
  { isDisabled, reason }: SetDisabledBody,
): Promise<void> {
  const action = isDisabled ? 'disable' : 'enable';
  return apiFetch<void>(`/api/v1/admin/users/${encodeURIComponent(userId)}/${action}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useSetUserDisabled(userId: string) {
  return useUserAction(userId, setUserDisabled);
}

import type { adminSetAdminBodySchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { apiFetch } from '../../../app/http';
import { useUserAction } from './use-user-action';

export type SetAdminBody = Wire<typeof adminSetAdminBodySchema>;

/** POST /api/v1/admin/users/:userId/admin: grants or revokes the product admin flag. */
export function setUserAdmin(userId: string, body: SetAdminBody): Promise<void> {
  return apiFetch<void>(`/api/v1/admin/users/${encodeURIComponent(userId)}/admin`, {
    method: 'POST',
    body,
  });
}

export function useSetUserAdmin(userId: string) {
  return useUserAction(userId, setUserAdmin);
}

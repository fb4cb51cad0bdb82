import type { adminUserDetailSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { adminKeys } from './admin-keys';

/** The user page: details, workspaces, live sessions. */
export type AdminUserDetail = Wire<typeof adminUserDetailSchema>;
export type AdminSession = AdminUserDetail['sessions'][number];

/** GET /api/v1/admin/users/:userId. */
export function getAdminUser(userId: string): Promise<AdminUserDetail> {
  return apiFetch<AdminUserDetail>(`/api/v1/admin/users/${encodeURIComponent(userId)}`);
}

export const adminUserQueryOptions = (userId: string) =>
  queryOptions({ queryKey: adminKeys.user(userId), queryFn: () => getAdminUser(userId) });

export function useAdminUser(userId: string) {
  return useQuery(adminUserQueryOptions(userId));
}

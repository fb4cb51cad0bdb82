import type { adminUserListSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type SearchListParams, searchListQuery } from '../list-params';
import { adminKeys } from './admin-keys';

/** A page of the user list. */
export type AdminUserPage = Wire<typeof adminUserListSchema>;
export type AdminUserRow = AdminUserPage['items'][number];

/** GET /api/v1/admin/users: users matching `q` (e-mail, name or id), a page of them. */
export function listAdminUsers(params: SearchListParams): Promise<AdminUserPage> {
  return apiFetch<AdminUserPage>(`/api/v1/admin/users?${searchListQuery(params)}`);
}

export const adminUsersQueryOptions = (params: SearchListParams) =>
  queryOptions({
    queryKey: [...adminKeys.users, params] as const,
    queryFn: () => listAdminUsers(params),
    // The rows of the last page stay while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: SearchListParams) {
  return useQuery(adminUsersQueryOptions(params));
}

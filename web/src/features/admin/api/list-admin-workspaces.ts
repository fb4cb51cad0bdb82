import type { adminWorkspacePageSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type SearchListParams, searchListQuery } from '../list-params';
import { adminKeys } from './admin-keys';

/** A page of the billing list. */
export type AdminWorkspacePage = Wire<typeof adminWorkspacePageSchema>;
/** One row of the admin area's billing list. */
export type AdminWorkspace = AdminWorkspacePage['items'][number];

/**
 * GET /api/v1/admin/workspaces: workspaces matching `q` (title, company, VAT id or id), those
 * waiting for review first, a page of them.
 */
export function listAdminWorkspaces(params: SearchListParams): Promise<AdminWorkspacePage> {
  return apiFetch<AdminWorkspacePage>(`/api/v1/admin/workspaces?${searchListQuery(params)}`);
}

export const adminWorkspacesQueryOptions = (params: SearchListParams) =>
  queryOptions({
    queryKey: [...adminKeys.workspaces, params] as const,
    queryFn: () => listAdminWorkspaces(params),
    placeholderData: keepPreviousData,
  });

export function useAdminWorkspaces(params: SearchListParams) {
  return useQuery(adminWorkspacesQueryOptions(params));
}

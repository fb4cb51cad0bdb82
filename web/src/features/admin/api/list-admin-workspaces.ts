import type { Wire } from '@pactum/core/api/wire';
import type { adminWorkspaceSchema } from '@pactum/core/api/workspaces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** One row of the admin area's billing list. */
export type AdminWorkspace = Wire<typeof adminWorkspaceSchema>;

export const adminWorkspacesQueryKey = ['admin', 'workspaces'] as const;

/** GET /api/v1/admin/workspaces: every workspace, those waiting for review first (admins). */
export function listAdminWorkspaces(): Promise<AdminWorkspace[]> {
  return apiFetch<AdminWorkspace[]>('/api/v1/admin/workspaces');
}

export const adminWorkspacesQueryOptions = queryOptions({
  queryKey: adminWorkspacesQueryKey,
  queryFn: listAdminWorkspaces,
});

export function useAdminWorkspaces() {
  return useQuery(adminWorkspacesQueryOptions);
}

import type { adminWorkspaceDetailSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { adminKeys } from './admin-keys';

/** The billing detail page: the workspace, its members and card payments. */
export type AdminWorkspaceDetail = Wire<typeof adminWorkspaceDetailSchema>;
export type AdminPayment = AdminWorkspaceDetail['payments'][number];

/** GET /api/v1/admin/workspaces/:workspaceId. */
export function getAdminWorkspace(workspaceId: string): Promise<AdminWorkspaceDetail> {
  return apiFetch<AdminWorkspaceDetail>(
    `/api/v1/admin/workspaces/${encodeURIComponent(workspaceId)}`,
  );
}

export const adminWorkspaceQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: adminKeys.workspace(workspaceId),
    queryFn: () => getAdminWorkspace(workspaceId),
  });

export function useAdminWorkspace(workspaceId: string) {
  return useQuery(adminWorkspaceQueryOptions(workspaceId));
}

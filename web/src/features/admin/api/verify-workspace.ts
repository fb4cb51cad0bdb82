import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { adminWorkspacesQueryKey } from './list-admin-workspaces';

/**
 * POST /api/v1/admin/workspaces/:id/verify: a product admin verifies a workspace order; its
 * ordered credits are granted.
 */
export function verifyWorkspace(workspaceId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/admin/workspaces/${encodeURIComponent(workspaceId)}/verify`, {
    method: 'POST',
  });
}

export function useVerifyWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminWorkspacesQueryKey }),
  });
}

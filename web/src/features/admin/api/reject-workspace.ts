import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { adminWorkspacesQueryKey } from './list-admin-workspaces';

/**
 * POST /api/v1/admin/workspaces/:id/reject: a product admin rejects a workspace order (only
 * one waiting for review).
 */
export function rejectWorkspace(workspaceId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/admin/workspaces/${encodeURIComponent(workspaceId)}/reject`, {
    method: 'POST',
  });
}

export function useRejectWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminWorkspacesQueryKey }),
  });
}

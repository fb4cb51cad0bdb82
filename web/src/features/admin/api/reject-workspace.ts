import { apiFetch } from '../../../app/http';
import { useWorkspaceAction } from './use-workspace-action';
import type { ReviewVariables } from './verify-workspace';

/**
 * POST /api/v1/admin/workspaces/:id/reject: a product admin rejects a workspace order (only
 * one waiting for review).
 */
export function rejectWorkspace({ workspaceId, reason }: ReviewVariables): Promise<void> {
  return apiFetch<void>(`/api/v1/admin/workspaces/${encodeURIComponent(workspaceId)}/reject`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

export function useRejectWorkspace() {
  return useWorkspaceAction(rejectWorkspace);
}

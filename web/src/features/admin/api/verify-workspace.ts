import { apiFetch } from '../../../app/http';
import { useWorkspaceAction } from './use-workspace-action';

/** A review of a workspace order, with an optional reason for the event log. */
export type ReviewVariables = { workspaceId: string; reason?: string };

/**
 * POST /api/v1/admin/workspaces/:id/verify: a product admin verifies a workspace order; its
 * ordered credits are granted.
 */
export function verifyWorkspace({ workspaceId, reason }: ReviewVariables): Promise<void> {
  return apiFetch<void>(`/api/v1/admin/workspaces/${encodeURIComponent(workspaceId)}/verify`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

export function useVerifyWorkspace() {
  return useWorkspaceAction(verifyWorkspace);
}

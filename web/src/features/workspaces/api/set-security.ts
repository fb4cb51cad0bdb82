import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { workspaceQueryKey } from './get-workspace';

/** PUT /api/v1/workspaces/:id/security: whether members must sign in with a second factor. */
export function setWorkspaceSecurity(
  workspaceId: string,
  body: { requireTwoFactor: boolean },
): Promise<void> {
  return apiFetch<void>(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}/security`, {
    method: 'PUT',
    body,
  });
}

export function useSetWorkspaceSecurity(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { requireTwoFactor: boolean }) => setWorkspaceSecurity(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  });
}

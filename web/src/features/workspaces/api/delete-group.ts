import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { workspaceQueryKey } from './get-workspace';

/** DELETE /api/v1/workspaces/:id/groups/:groupId: removes a group (administrators). */
export function deleteGroup(workspaceId: string, groupId: string): Promise<void> {
  return apiFetch<void>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/groups/${encodeURIComponent(groupId)}`,
    { method: 'DELETE' },
  );
}

export function useDeleteGroup(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => deleteGroup(workspaceId, groupId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { GroupInput } from './create-group';
import { workspaceQueryKey } from './get-workspace';

/** PUT /api/v1/workspaces/:id/groups/:groupId: a group's new name, description and members. */
export function updateGroup(workspaceId: string, groupId: string, body: GroupInput): Promise<void> {
  return apiFetch<void>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/groups/${encodeURIComponent(groupId)}`,
    { method: 'PUT', body },
  );
}

export function useUpdateGroup(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: string; body: GroupInput }) =>
      updateGroup(workspaceId, groupId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  });
}

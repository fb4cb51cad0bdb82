import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { workspaceQueryKey } from './get-workspace';

/** DELETE /api/v1/workspaces/:id/tags/:tagId: removes a tag from the workspace. */
export function removeTag(workspaceId: string, tagId: string): Promise<void> {
  return apiFetch<void>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/tags/${encodeURIComponent(tagId)}`,
    { method: 'DELETE' },
  );
}

export function useRemoveTag(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: { id: string; tag: string }) => removeTag(workspaceId, tag.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  });
}

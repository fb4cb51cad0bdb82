import type { Wire } from '@pactum/core/api/wire';
import type { createdTagSchema } from '@pactum/core/api/workspaces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { workspaceQueryKey } from './get-workspace';

/**
 * POST /api/v1/workspaces/:id/tags: adds a tag (any member). An empty name is ignored (204,
 * answered here as `null`); a name the workspace has is a 409 'Tag %s already exists'.
 */
export async function addTag(
  workspaceId: string,
  tag: string,
): Promise<Wire<typeof createdTagSchema> | null> {
  const created = await apiFetch<Wire<typeof createdTagSchema> | undefined>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/tags`,
    { method: 'POST', body: { tag } },
  );
  return created ?? null;
}

export function useAddTag(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => addTag(workspaceId, tag),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  });
}

import type { Wire } from '@pactum/core/api/wire';
import type { createdGroupSchema } from '@pactum/core/api/workspaces';
import type { groupSchema } from '@pactum/core/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../app/http';
import { workspaceQueryKey } from './get-workspace';

export type GroupInput = z.input<typeof groupSchema>;

/** POST /api/v1/workspaces/:id/groups: creates a group of workspace members (administrators). */
export function createGroup(
  workspaceId: string,
  body: GroupInput,
): Promise<Wire<typeof createdGroupSchema>> {
  return apiFetch<Wire<typeof createdGroupSchema>>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/groups`,
    { method: 'POST', body },
  );
}

export function useCreateGroup(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupInput) => createGroup(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  });
}

import type { Wire } from '@pactum/core/api/wire';
import type { createdWorkspaceSchema } from '@pactum/core/api/workspaces';
import type { CreateWorkspace } from '@pactum/core/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { meQueryKey } from '../../auth';
import { workspacesQueryKey } from './list-workspaces';

export type CreatedWorkspace = Wire<typeof createdWorkspaceSchema>;

/**
 * POST /api/v1/workspaces: orders a workspace. A card order is charged at once (the workspace
 * exists even when the card fails); an invoice order waits for review.
 */
export function createWorkspace(body: CreateWorkspace): Promise<CreatedWorkspace> {
  return apiFetch<CreatedWorkspace>('/api/v1/workspaces', { method: 'POST', body });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      // The drawer's Workspaces count.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

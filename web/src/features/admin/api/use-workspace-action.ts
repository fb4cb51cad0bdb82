import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/**
 * A mutation of an admin action on one workspace (its id in the variables): on success the
 * billing list, the workspace's page (ledger included) and the event log are read again.
 */
export function useWorkspaceAction<TVariables extends { workspaceId: string }, TResult>(
  action: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (_result, { workspaceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.workspaces }),
        queryClient.invalidateQueries({ queryKey: adminKeys.workspace(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.events }),
      ]),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { WorkspaceSummary } from '../types';

/** The query key of the user's workspace list. */
export const workspacesQueryKey = ['workspaces'] as const;

/** GET /api/v1/workspaces: the workspaces the user belongs to. */
export function listWorkspaces(): Promise<WorkspaceSummary[]> {
  return apiFetch<WorkspaceSummary[]>('/api/v1/workspaces');
}

export const workspacesQueryOptions = queryOptions({
  queryKey: workspacesQueryKey,
  queryFn: listWorkspaces,
});

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions);
}

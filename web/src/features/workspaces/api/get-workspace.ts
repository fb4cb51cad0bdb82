import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { Workspace } from '../types';

/**
 * The key prefix of everything about one workspace: the realtime topic `workspace:<id>`
 * refetches every query under it (the page, its transactions).
 */
export const workspaceQueryKey = (workspaceId: string) => ['workspace', workspaceId] as const;

/** GET /api/v1/workspaces/:id: one workspace as its page shows it (404 for non-members). */
export function getWorkspace(workspaceId: string): Promise<Workspace> {
  return apiFetch<Workspace>(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}`);
}

export const workspaceQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: workspaceQueryKey(workspaceId),
    queryFn: () => getWorkspace(workspaceId),
  });

export function useWorkspace(workspaceId: string) {
  return useQuery(workspaceQueryOptions(workspaceId));
}

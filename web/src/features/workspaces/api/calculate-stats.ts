import type { Wire } from '@pactum/core/api/wire';
import type { statsResultSchema } from '@pactum/core/api/workspaces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { workspaceQueryKey } from './get-workspace';

export type StatsResult = Wire<typeof statsResultSchema>;

/**
 * POST /api/v1/workspaces/:id/stats: recounts the workspace's figures, or skips it when they
 * were counted within 24 hours (`isSkipped`).
 */
export function calculateStats(workspaceId: string): Promise<StatsResult> {
  return apiFetch<StatsResult>(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}/stats`, {
    method: 'POST',
  });
}

export function useCalculateStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: calculateStats,
    onSuccess: (_result, workspaceId) =>
      queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  });
}

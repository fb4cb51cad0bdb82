import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type Me, meQueryKey } from '../../auth';

/** POST /api/v1/me/rebuild-counters: recounts the side menu's document counts. */
export function rebuildCounters(): Promise<Me> {
  return apiFetch<Me>('/api/v1/me/rebuild-counters', { method: 'POST' });
}

export function useRebuildCounters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildCounters,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryKey, me);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { archiveKeys } from './archive-keys';
import { alertsApi } from './list-alerts';

/** DELETE /api/v1/archive/items/:itemId/alerts/:alertId. */
export function deleteAlert(itemId: string, alertId: string): Promise<unknown> {
  return apiFetch(alertsApi(itemId, alertId), { method: 'DELETE' });
}

/** Removes an alert; the file's alerts and its count are refetched. */
export function useDeleteAlert(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) => deleteAlert(itemId, alertId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archiveKeys.item(itemId) }),
  });
}

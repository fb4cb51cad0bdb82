import type { AlertValues } from '@pactum/core/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { archiveKeys } from './archive-keys';
import { type Alert, alertsApi } from './list-alerts';

/** POST /api/v1/archive/items/:itemId/alerts: a new alert on the file. */
export function createAlert(itemId: string, body: AlertValues): Promise<Alert> {
  return apiFetch<Alert>(alertsApi(itemId), { method: 'POST', body });
}

/** PATCH /api/v1/archive/items/:itemId/alerts/:alertId: the alert changed. */
export function updateAlert(itemId: string, alertId: string, body: AlertValues): Promise<Alert> {
  return apiFetch<Alert>(alertsApi(itemId, alertId), { method: 'PATCH', body });
}

/** Adds an alert, or changes the one named; the file's alerts and its count are refetched. */
export function useSaveAlert(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, body }: { alertId?: string; body: AlertValues }) =>
      alertId ? updateAlert(itemId, alertId, body) : createAlert(itemId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archiveKeys.item(itemId) }),
  });
}

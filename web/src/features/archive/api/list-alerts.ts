import type { alertListSchema, alertSchema } from '@pactum/core/api/alerts';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { archiveApi, archiveKeys } from './archive-keys';

/** One pending alert of a file. */
export type Alert = Wire<typeof alertSchema>;
/** The file's pending alerts, soonest first, and its alert count. */
export type AlertList = Wire<typeof alertListSchema>;

/** The path of a file's alerts, or of one of them. */
export const alertsApi = (itemId: string, alertId?: string) =>
  archiveApi(
    `/items/${encodeURIComponent(itemId)}/alerts${alertId ? `/${encodeURIComponent(alertId)}` : ''}`,
  );

/** GET /api/v1/archive/items/:itemId/alerts: the file's pending alerts (spec 1 §4). */
export function listAlerts(itemId: string): Promise<AlertList> {
  return apiFetch<AlertList>(alertsApi(itemId));
}

export const alertsQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: archiveKeys.alerts(itemId),
    queryFn: () => listAlerts(itemId),
    retry: 1,
  });

export function useAlerts(itemId: string, isEnabled = true) {
  return useQuery({ ...alertsQueryOptions(itemId), enabled: isEnabled });
}

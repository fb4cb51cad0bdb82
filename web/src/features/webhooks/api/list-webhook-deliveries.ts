import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { WebhookDeliveryPage } from '../types';
import { webhooksQueryKey } from './list-webhooks';

/** The key prefix of one endpoint's delivery log (every page). */
export const webhookDeliveriesKey = (workspaceId: string, webhookId: string) =>
  [...webhooksQueryKey(workspaceId), webhookId, 'deliveries'] as const;

/** GET …/webhooks/:webhookId/deliveries?page=N: the log, newest first, 20 a page. */
export function listWebhookDeliveries(
  workspaceId: string,
  webhookId: string,
  page: number,
): Promise<WebhookDeliveryPage> {
  return apiFetch<WebhookDeliveryPage>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/webhooks/${encodeURIComponent(webhookId)}/deliveries?page=${page}`,
  );
}

/** Pending deliveries change as they are retried: the open log looks again now and then. */
const PENDING_REFRESH_MS = 10_000;

export const webhookDeliveriesQueryOptions = (
  workspaceId: string,
  webhookId: string,
  page: number,
) =>
  queryOptions({
    queryKey: [...webhookDeliveriesKey(workspaceId, webhookId), page] as const,
    queryFn: () => listWebhookDeliveries(workspaceId, webhookId, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.state === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useWebhookDeliveries(workspaceId: string, webhookId: string, page: number) {
  return useQuery(webhookDeliveriesQueryOptions(workspaceId, webhookId, page));
}

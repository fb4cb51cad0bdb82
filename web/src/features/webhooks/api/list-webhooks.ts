import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { WebhookEndpoint } from '../types';

/** The key prefix of a workspace's webhooks: the endpoints and, under them, delivery logs. */
export const webhooksQueryKey = (workspaceId: string) => ['webhooks', workspaceId] as const;

/** GET /api/v1/workspaces/:id/webhooks: the endpoints, newest first (administrators). */
export function listWebhooks(workspaceId: string): Promise<WebhookEndpoint[]> {
  return apiFetch<WebhookEndpoint[]>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/webhooks`,
  );
}

export const webhooksQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: webhooksQueryKey(workspaceId),
    queryFn: () => listWebhooks(workspaceId),
  });

export function useWebhooks(workspaceId: string) {
  return useQuery(webhooksQueryOptions(workspaceId));
}

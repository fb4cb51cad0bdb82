import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { webhookDeliveriesKey } from './list-webhook-deliveries';

/** POST /api/v1/workspaces/:id/webhooks/:webhookId/test: queues a `webhook.test` delivery. */
export function sendTestWebhook(
  workspaceId: string,
  webhookId: string,
): Promise<{ deliveryId: string }> {
  return apiFetch<{ deliveryId: string }>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/webhooks/${encodeURIComponent(webhookId)}/test`,
    { method: 'POST' },
  );
}

export function useSendTestWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => sendTestWebhook(workspaceId, webhookId),
    onSuccess: (_answer, webhookId) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(workspaceId, webhookId) }),
  });
}

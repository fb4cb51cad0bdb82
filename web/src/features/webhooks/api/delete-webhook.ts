import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { webhooksQueryKey } from './list-webhooks';

const webhookPath = (workspaceId: string, webhookId: string) =>
  `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/webhooks/${encodeURIComponent(webhookId)}`;

/** DELETE /api/v1/workspaces/:id/webhooks/:webhookId: its pending deliveries stop. */
export function deleteWebhook(workspaceId: string, webhookId: string): Promise<void> {
  return apiFetch<void>(webhookPath(workspaceId, webhookId), { method: 'DELETE' });
}

export function useDeleteWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => deleteWebhook(workspaceId, webhookId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(workspaceId) }),
  });
}

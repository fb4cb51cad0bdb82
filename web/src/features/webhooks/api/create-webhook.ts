import type { CreateWebhook } from '@pactum/core/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { CreatedWebhook } from '../types';
import { webhooksQueryKey } from './list-webhooks';

/**
 * POST /api/v1/workspaces/:id/webhooks: registers an endpoint. The answer carries its signing
 * secret, which is never shown again.
 */
export function createWebhook(workspaceId: string, body: CreateWebhook): Promise<CreatedWebhook> {
  return apiFetch<CreatedWebhook>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/webhooks`,
    { method: 'POST', body },
  );
}

export function useCreateWebhook(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhook) => createWebhook(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(workspaceId) }),
  });
}

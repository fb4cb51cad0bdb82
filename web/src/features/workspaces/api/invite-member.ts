import type { inviteMemberSchema } from '@pactum/core/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../app/http';
import { workspaceQueryKey } from './get-workspace';

export type InviteMember = z.input<typeof inviteMemberSchema>;

/**
 * POST /api/v1/workspaces/:id/invites: invites someone by e-mail (administrators). A 409 says
 * why not: every licence is in use, or the person is already invited or a member.
 */
export function inviteMember(workspaceId: string, body: InviteMember): Promise<void> {
  return apiFetch<void>(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}/invites`, {
    method: 'POST',
    body,
  });
}

export function useInviteMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMember) => inviteMember(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  });
}

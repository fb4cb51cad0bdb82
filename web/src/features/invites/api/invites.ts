import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { DealInvite, DealInviteList } from '../types';

export const invitesQueryKey = (dealId: string) => ['deal', dealId, 'invites'] as const;

/** GET /api/v1/deals/:dealId/invites: the receiver invites of a deal (its sender only). */
export async function listInvites(dealId: string): Promise<DealInvite[]> {
  const answer = await apiFetch<DealInviteList>(
    `/api/v1/deals/${encodeURIComponent(dealId)}/invites`,
  );
  return answer.invites;
}

export const invitesQueryOptions = (dealId: string) =>
  queryOptions({ queryKey: invitesQueryKey(dealId), queryFn: () => listInvites(dealId) });

export function useInvites(dealId: string, isEnabled = true) {
  return useQuery({ ...invitesQueryOptions(dealId), enabled: isEnabled });
}

/** POST /api/v1/deals/:dealId/invites: invites more receivers (e-mails stored lower-cased). */
export function addInvites(dealId: string, emails: string[]): Promise<DealInviteList> {
  return apiFetch<DealInviteList>(`/api/v1/deals/${encodeURIComponent(dealId)}/invites`, {
    method: 'POST',
    body: { emails },
  });
}

/** POST /api/v1/invites/:id/resend: sends the invite e-mail again. */
export function resendInvite(inviteId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/invites/${encodeURIComponent(inviteId)}/resend`, {
    method: 'POST',
  });
}

/** DELETE /api/v1/invites/:id: removes an invite that has not been sent yet. */
export function deleteInvite(inviteId: string): Promise<void> {
  return apiFetch<void>(`/api/v1/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });
}

function useInviteMutation<T>(dealId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitesQueryKey(dealId) }),
  });
}

export const useAddInvites = (dealId: string) =>
  useInviteMutation(dealId, (emails: string[]) => addInvites(dealId, emails));
export const useResendInvite = (dealId: string) => useInviteMutation(dealId, resendInvite);
export const useDeleteInvite = (dealId: string) => useInviteMutation(dealId, deleteInvite);

import type { inviteOpenSchema } from '@pactum/core/api/invites';
import type { Wire } from '@pactum/core/api/wire';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealApiPath, dealQueryKey } from '../../documents';

type InviteOpen = Wire<typeof inviteOpenSchema>;

/** The invite waiting for the caller on a deal; `invites.changed` refetches it. */
export const myInviteQueryKey = (dealId: string) => [...dealQueryKey(dealId), 'my-invite'] as const;

/**
 * GET /api/v1/deals/:id/my-invite: the invite waiting for the caller's verified address on a deal
 * they cannot open yet (404 when there is none). Asked only once the deal itself was a 404.
 */
export function useMyInvite(dealId: string, isWanted: boolean) {
  return useQuery({
    queryKey: myInviteQueryKey(dealId),
    queryFn: () => apiFetch<InviteOpen>(`${dealApiPath(dealId)}/my-invite`),
    enabled: isWanted,
    retry: false,
    // Never kept: once claimed, the deal opens and the invite must not be offered again.
    gcTime: 0,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** `invite`: an invite to negotiate (/document/invite/:id); `sign`: a signer's link. */
export type InviteKind = 'invite' | 'sign';

/**
 * What to do with an invite link: go on to the document (`open`, signed in), or sign in or
 * register first (nobody signed in; the invited address prefills the form).
 */
export type InviteResolution =
  | { outcome: 'open'; path: string }
  | { outcome: 'login' | 'register'; email: string | null };

/** GET /api/v1/invites/:kind/:id */
export function getInvite(kind: InviteKind, id: string): Promise<InviteResolution> {
  return apiFetch<InviteResolution>(`/api/v1/invites/${kind}/${encodeURIComponent(id)}`);
}

export function inviteQueryOptions(kind: InviteKind, id: string) {
  return queryOptions({
    queryKey: ['invite', kind, id],
    queryFn: () => getInvite(kind, id),
    // The answer depends on who is signed in: ask again after signing in.
    staleTime: 0,
    retry: false,
  });
}

export function useInvite(kind: InviteKind, id: string) {
  return useQuery(inviteQueryOptions(kind, id));
}

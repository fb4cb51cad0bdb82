import type {
  inviteKinds,
  inviteOpenSchema,
  inviteResolutionSchema,
} from '@pactum/core/api/invites';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** `invite`: an invite to negotiate (/document/invite/:id); `sign`: a signer's link. */
export type InviteKind = (typeof inviteKinds)[number];

type Opened = Wire<typeof inviteOpenSchema>;

/**
 * What to do with an invite link: go on to the document (`open`, the link is the user's),
 * confirm taking it (`claim`: nobody's yet, the signed-in user may take it), or sign in or
 * register first (nobody signed in; the invited address prefills the form).
 */
export type InviteResolution = Wire<typeof inviteResolutionSchema>;

const linkPath = (kind: InviteKind, id: string) =>
  `/api/v1/invites/${kind}/${encodeURIComponent(id)}`;

/** GET /api/v1/invites/:kind/:id (claims nothing) */
export function getInvite(kind: InviteKind, id: string): Promise<InviteResolution> {
  return apiFetch<InviteResolution>(linkPath(kind, id));
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

/** POST /api/v1/invites/:kind/:id/claim: the user confirmed; the link becomes theirs. */
export function claimInvite(kind: InviteKind, id: string): Promise<Opened> {
  return apiFetch<Opened>(`${linkPath(kind, id)}/claim`, { method: 'POST' });
}

export function useClaimInvite(kind: InviteKind, id: string) {
  return useMutation({ mutationFn: () => claimInvite(kind, id) });
}

import type { DealGroup } from '@pactum/core/deals';
import type { PartyRole } from '@pactum/core/documents';

/** The deal list of a group (docs-nego-list, docs-sign-list, docs-waiting-list, ...). */
export const dealListPath = (group: DealGroup) => `/dashboard/documents/${group}`;

/** doc-load: checks access and opens the deal for the caller's party. */
export const dealLoadPath = (dealId: string) =>
  `/dashboard/documents/deals/${encodeURIComponent(dealId)}`;

/** sent-deal-edit (sender) and receiver-deal-edit (receiver). */
export const dealEditPath = (dealId: string, party: PartyRole) =>
  `/dashboard/documents/${party === 'sender' ? 'sent' : 'received'}/${encodeURIComponent(dealId)}`;

/** Review and sign (the signing area's view of the deal). */
export const dealSignPath = (dealId: string) => `${dealLoadPath(dealId)}/sign`;

/**
 * Where 'Back to home' goes by the deal's state (spec 3 §2.2), 'otherwise archived' to the
 * archived deals' list (docs-archived-list).
 */
export const dealHomePath = (home: DealGroup) => dealListPath(home);

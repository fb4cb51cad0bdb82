import { documentQueryKey } from '../../app/document-key';

/**
 * Everything about one deal lives under `['deal', id]`: the detail, the activity feed, versions,
 * redlines, signing, tags, access, invites, attachments. An event on its realtime topic
 * `deal:<id>` refetches only what it changed (deals/api/deal-live-refresh.ts); after a
 * reconnect, or for an event the deal does not know, everything under the prefix is refetched.
 */
export const dealQueryKey = (dealId: string) => documentQueryKey('deals', dealId);

/** GET /api/v1/deals/:id (deals/api/get-deal.ts); section changes are patched in (deal-cache). */
export const dealDetailQueryKey = (dealId: string) => [...dealQueryKey(dealId), 'detail'] as const;

/** The API path of one deal. */
export const dealApiPath = (dealId: string) => `/api/v1/deals/${encodeURIComponent(dealId)}`;

/** The API path of one section of a deal. */
export const dealSectionApiPath = (dealId: string, sectionId: string) =>
  `${dealApiPath(dealId)}/sections/${encodeURIComponent(sectionId)}`;

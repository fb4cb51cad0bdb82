import { documentQueryKey } from '../../../app/document-key';

/**
 * Everything about one deal lives under `['deal', id]`: its realtime topic `deal:<id>`
 * refetches the detail, versions, redlines and the activity feed at once.
 */
export const dealQueryKey = (dealId: string) => documentQueryKey('deals', dealId);

/** The API path of one deal. */
export const dealApiPath = (dealId: string) => `/api/v1/deals/${encodeURIComponent(dealId)}`;

/** The API path of one section of a deal. */
export const dealSectionApiPath = (dealId: string, sectionId: string) =>
  `${dealApiPath(dealId)}/sections/${encodeURIComponent(sectionId)}`;

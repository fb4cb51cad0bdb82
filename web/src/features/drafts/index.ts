/* The front door of drafts: what other features may use of it. */

export { useDraft } from './api/get-draft';
export { useDraftDeals } from './api/list-draft-deals';
export { autofilledSender } from './autofill';
export { PartyFields } from './components/party-fields';
export { takeJustSent } from './just-sent';
export type { DraftDeal } from './types';
export { useDraftText } from './use-draft-text';

/*
 * The front door of documents: what the document areas (drafts, sending, deals, signing, and the
 * home and search that open them) share, below all of them: the addresses of their pages and the
 * deal's query keys and API paths. It imports no feature, so none of them needs another's insides
 * to link to or refetch a deal.
 */

export { dealApiPath, dealDetailQueryKey, dealQueryKey, dealSectionApiPath } from './deal-keys';
export { dealEditPath, dealHomePath, dealListPath, dealLoadPath, dealSignPath } from './deal-paths';
export { DeclinedNotice } from './declined-notice';
export {
  DRAFT_LIST_PATH,
  draftPath,
  draftSentPath,
  HOME_PATH,
  TEMPLATE_LIST_PATH,
} from './draft-paths';
export {
  NEGOTIATION_LIST_PATH,
  receiverValidationPath,
  SENT_STATUS_PATH,
  sentDealPath,
  sentStatusPath,
} from './sent-paths';

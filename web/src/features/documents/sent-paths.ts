export const SENT_STATUS_PATH = '/dashboard/sent/status';
/** The negotiation list, where `sent` redirects (spec 2 §2.3). */
export const NEGOTIATION_LIST_PATH = '/dashboard/documents/negotiate';

/** `sent/status/:draftId`: a sent draft's deals. */
export const sentStatusPath = (draftId: string) =>
  `${SENT_STATUS_PATH}/${encodeURIComponent(draftId)}`;

/** `sent/status/:draftId/:dealId` (sent-deal): a deal as its sender sees it. */
export const sentDealPath = (draftId: string, dealId: string) =>
  `${sentStatusPath(draftId)}/${encodeURIComponent(dealId)}`;

/** The receiver's check of their own details before the deal opens. */
export const receiverValidationPath = (dealId: string) =>
  `/dashboard/received/validate/${encodeURIComponent(dealId)}`;

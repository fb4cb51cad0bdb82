import type {
  dealInviteListSchema,
  dealInviteSchema,
  draftDealListSchema,
  draftDealSchema,
  receiverDetailsResponseSchema,
  sentCardSchema,
  sentListSchema,
} from '@pactum/core/api/sending';
import type { Wire } from '@pactum/core/api/wire';

/* The sending routes' answers as the web reads them: the wire side of the server's schemas. */

/** A receiver invite of a deal (the sender's view, with its link). */
export type DealInvite = Wire<typeof dealInviteSchema>;
/** GET and POST /deals/:dealId/invites. */
export type DealInviteList = Wire<typeof dealInviteListSchema>;
/** A card of the sent-status list. */
export type SentCard = Wire<typeof sentCardSchema>;
/** GET /sent. */
export type SentList = Wire<typeof sentListSchema>;
/** A deal made from a sent draft. */
export type DraftDeal = Wire<typeof draftDealSchema>;
/** GET /drafts/:draftId/deals. */
export type DraftDealList = Wire<typeof draftDealListSchema>;
/** POST /deals/:dealId/receiver-details: the parties as stored, validated. */
export type ReceiverDetailsAnswer = Wire<typeof receiverDetailsResponseSchema>;

import type {
  receiverDetailsResponseSchema,
  sentCardSchema,
  sentListSchema,
} from '@pactum/core/api/sending';
import type { Wire } from '@pactum/core/api/wire';

/* The sending routes' answers as the web reads them: the wire side of the server's schemas. */

/** A card of the sent-status list. */
export type SentCard = Wire<typeof sentCardSchema>;
/** GET /sent. */
export type SentList = Wire<typeof sentListSchema>;
/** POST /deals/:dealId/receiver-details: the parties as stored, validated. */
export type ReceiverDetailsAnswer = Wire<typeof receiverDetailsResponseSchema>;

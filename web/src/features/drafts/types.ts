import type { draftDealListSchema, draftDealSchema } from '@pactum/core/api/sending';
import type { Wire } from '@pactum/core/api/wire';

/* The answers of a sent draft's deals as the web reads them: the wire side of the server's schemas. */

/** A deal made from a sent draft. */
export type DraftDeal = Wire<typeof draftDealSchema>;
/** GET /drafts/:draftId/deals. */
export type DraftDealList = Wire<typeof draftDealListSchema>;

import type { dealInviteListSchema, dealInviteSchema } from '@pactum/core/api/sending';
import type { Wire } from '@pactum/core/api/wire';

/* The invite routes' answers as the web reads them: the wire side of the server's schemas. */

/** A receiver invite of a deal (the sender's view, with its link). */
export type DealInvite = Wire<typeof dealInviteSchema>;
/** GET and POST /deals/:dealId/invites. */
export type DealInviteList = Wire<typeof dealInviteListSchema>;

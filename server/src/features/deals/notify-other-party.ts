import { otherParty } from '@pactum/core/deals';
import type { PartyRole } from '@pactum/core/documents';
import type { NotificationEvent } from '@pactum/core/notifications';
import type { Tx } from '../../db/client';
import { type DealRow, partyUserIds, usersOfParty } from '../../documents/deal-reads';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications';

/**
 * A notification of the action for each user of the other party (its own entries, workspaces
 * and groups): negotiation news is for the other side, never the actor's own.
 */
export async function notifyOtherParty(
  platform: Platform,
  tx: Tx,
  options: {
    deal: DealRow;
    party: PartyRole;
    actorId: string;
    event: NotificationEvent;
    data: Record<string, unknown>;
    /** Each user's party on the deal, when the action has read them already (`dealReaders`). */
    parties?: ReadonlyMap<string, PartyRole>;
  },
): Promise<void> {
  const { deal } = options;
  const other = otherParty(options.party);
  const userIds = options.parties
    ? usersOfParty(options.parties, other)
    : await partyUserIds(tx, { dealId: deal.id, party: other });
  await notifyUsers(platform, tx, {
    userIds,
    actorId: options.actorId,
    collection: 'deals',
    documentId: deal.id,
    event: options.event,
    data: { ...options.data, dealTitle: deal.title },
  });
}

import type { DealState } from '@pactum/core/documents';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { dealInvites, dealSections, deals } from '../db/schema';
import type { DealRow } from './deal-reads';

/**
 * Moves the deal to the trash, its state kept in beforeTrashState (the deal's own, unless the
 * caller says which state a restore should return to): its invite links stop working and its
 * sections' edit locks are let go. Trashing a deal (`features/deals`) and withdrawing a signing
 * request to the trash (`features/signing`) both end here.
 */
export async function markDealTrashed(
  tx: Tx,
  options: { deal: DealRow; now: Date; beforeTrashState?: DealState },
): Promise<void> {
  const { deal, now } = options;
  await tx
    .update(deals)
    .set({
      state: 'trash',
      beforeTrashState: options.beforeTrashState ?? deal.state,
      modifiedAt: now,
    })
    .where(eq(deals.id, deal.id));
  await tx
    .update(dealInvites)
    .set({ revokedAt: now })
    .where(and(eq(dealInvites.dealId, deal.id), isNull(dealInvites.revokedAt)));
  await tx
    .update(dealSections)
    .set({ lockedBy: null, lockedAt: null })
    .where(eq(dealSections.dealId, deal.id));
}

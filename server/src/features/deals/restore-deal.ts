import { eq } from 'drizzle-orm';
import { deals } from '../../db/schema';
import { logAdminAction } from '../../documents/admin-log';
import { type DealRow, dealAudienceIds, findDeal } from '../../documents/deal-reads';
import { dealChanged } from '../../documents/live';
import { isProductAdmin } from '../../documents/product-admin';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications';
import { insertDealEvent } from './queries';
import { refused } from './refusals';

/**
 * Recovers a trashed deal to the state it had (support, on a user's request: the trashed banner
 * asks users to contact support). Product administrators only, with a reason for the admin event
 * log; the deal's parties are told. The deal row is locked first, so of two admins restoring it
 * at once one restores and the other finds it no longer trashed.
 */
export async function restoreDeal(
  platform: Platform,
  options: {
    user: { id: string; isAdmin: boolean; emailVerified: boolean; email: string };
    dealId: string;
    reason: string;
    ipAddress?: string | null;
  },
): Promise<{ id: string; state: DealRow['state'] }> {
  if (!isProductAdmin(platform, options.user)) throw new AppError('forbidden');
  return platform.database.db.transaction(async (tx) => {
    // SELECT … FOR UPDATE: a concurrent restore waits here and then sees the restored state.
    const deal = await findDeal(tx, options.dealId, true);
    if (!deal) throw new AppError('not_found');
    if (deal.state !== 'trash') throw refused('notTrashed');
    const state = deal.beforeTrashState ?? 'negotiate';
    await tx
      .update(deals)
      .set({ state, beforeTrashState: null, modifiedAt: new Date() })
      .where(eq(deals.id, deal.id));
    await insertDealEvent(tx, {
      dealId: deal.id,
      event: 'document-restore',
      userId: options.user.id,
      data: { restoredState: state },
    });
    await logAdminAction(tx, {
      adminId: options.user.id,
      action: 'deal.restored',
      target: { kind: 'deal', id: deal.id, label: deal.title },
      reason: options.reason,
      ipAddress: options.ipAddress ?? null,
      data: { restoredState: state },
    });
    // Support restored it on a user's request: both parties hear of it.
    await notifyUsers(platform, tx, {
      userIds: await dealAudienceIds(tx, deal.id),
      actorId: options.user.id,
      collection: 'deals',
      documentId: deal.id,
      event: 'document-restore',
      data: { dealTitle: deal.title },
    });
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'document.changed' });
    await dealChanged(platform, tx, deal.id, { counts: true });
    return { id: deal.id, state };
  });
}

import type { DealDetail } from '@pactum/core/deals';
import { markDealTrashed } from '../../documents/deal-trash';
import { dealChanged } from '../../documents/live';
import type { Platform } from '../../platform/platform';
import { queueDealWebhook } from '../webhooks';
import { loadContext } from './deal-context';
import { getDeal } from './get-deal';
import { notifyOtherParty } from './notify-other-party';
import { insertDealEvent } from './queries';
import { refused } from './refusals';

/**
 * Trashes a deal: the sender party with edit access only; not a signed or trashed deal. The
 * previous state is kept in beforeTrashState and the deal's invite links stop working.
 */
export async function trashDeal(
  platform: Platform,
  options: { userId: string; dealId: string },
): Promise<DealDetail> {
  await platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    if (context.access.role !== 'edit' || context.myParty !== 'sender') {
      throw refused('onlySenderTrash');
    }
    const { deal } = context;
    if (deal.state === 'trash') throw refused('alreadyTrashed');
    if (deal.state === 'signed') throw refused('signedNoTrash');
    await markDealTrashed(tx, { deal, now: new Date() });
    await insertDealEvent(tx, {
      dealId: deal.id,
      event: 'document-trash',
      userId: options.userId,
      data: { actorParty: 'sender', beforeTrashState: deal.state },
    });
    await notifyOtherParty(platform, tx, {
      deal,
      party: 'sender',
      actorId: options.userId,
      event: 'document-trash',
      data: {},
    });
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'document.changed' });
    await queueDealWebhook(platform, tx, { type: 'deal.trashed', dealId: deal.id });
    await dealChanged(platform, tx, deal.id, { counts: true });
  });
  return getDeal(platform, options);
}

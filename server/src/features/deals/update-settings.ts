import { type DealDetail, type DealSettings, isDealEditable } from '@pactum/core/deals';
import { eq } from 'drizzle-orm';
import { deals } from '../../db/schema';
import { dealChanged } from '../../documents/live';
import { canonicalJson } from '../../platform/pdf/content-hash';
import type { Platform } from '../../platform/platform';
import { loadContext, requireActor } from './deal-context';
import { getDeal } from './get-deal';
import { notifyOtherParty } from './notify-other-party';
import { insertDealEvent } from './queries';
import { refused } from './refusals';

/** The deal settings dialog: title, abstract, contract id and parties (sender party, edit). */
export async function updateDealSettings(
  platform: Platform,
  options: { userId: string; dealId: string; input: DealSettings },
): Promise<DealDetail> {
  await platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    const party = requireActor(context);
    if (party !== 'sender') throw refused('onlySenderSettings');
    if (!isDealEditable(context.deal.state)) throw refused('notEditable');
    const { deal } = context;
    const { input } = options;
    const changes: Partial<typeof deals.$inferInsert> = {};
    if (input.title !== undefined && input.title !== deal.title) changes.title = input.title;
    if (input.abstract !== undefined && input.abstract !== deal.abstract) {
      changes.abstract = input.abstract;
    }
    if (input.contractUid !== undefined && input.contractUid !== (deal.contractUid ?? '')) {
      changes.contractUid = input.contractUid || null;
    }
    if (input.parties && JSON.stringify(input.parties) !== JSON.stringify(deal.parties)) {
      // The receiver's details, once they confirmed them, are theirs: they go into the signed
      // contract as the receiver stated them.
      const isReceiverChanged =
        canonicalJson(input.parties.receiver) !== canonicalJson(deal.parties.receiver);
      if (isReceiverChanged && deal.receiverValidated) throw refused('receiverDetailsConfirmed');
      changes.parties = input.parties;
    }
    const fields = Object.keys(changes);
    if (fields.length === 0) return;
    await tx
      .update(deals)
      .set({ ...changes, modifiedAt: new Date() })
      .where(eq(deals.id, deal.id));
    await insertDealEvent(tx, {
      dealId: deal.id,
      event: 'document-settings',
      userId: options.userId,
      data: { actorParty: party, fields },
    });
    await notifyOtherParty(platform, tx, {
      deal: { ...deal, title: changes.title ?? deal.title },
      party,
      actorId: options.userId,
      event: 'document-settings',
      data: { actorParty: party, fields, sectionId: null },
    });
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'document.changed' });
    await dealChanged(platform, tx, deal.id, { counts: false });
  });
  return getDeal(platform, options);
}

import {
  type DealCard,
  type DealGroup,
  type DealList,
  dealProgress,
  parseDealGroup,
  progressColour,
} from '@pactum/core/deals';
import type { Platform } from '../../platform/platform';
import { contractUidOf } from './contract-uid';
import { findDealsOfGroup } from './queries';
import { rule } from './refusals';

/** GET /deals?group=: the caller's deals of one list group, newest first, a page at a time. */
export async function listDeals(
  platform: Platform,
  options: { userId: string; email: string; group: string; page: number; pageSize: number },
): Promise<DealList> {
  const { db } = platform.database;
  const { page, pageSize } = options;
  const group: DealGroup = rule(() => parseDealGroup('deals', options.group));
  const { total, rows } = await findDealsOfGroup(db, { ...options, group });
  const cards: DealCard[] = rows.map(({ deal, party }) => {
    const progress = dealProgress({ state: deal.state, stats: deal.negotiationStats });
    return {
      id: deal.id,
      title: deal.title,
      state: deal.state,
      process: deal.process,
      contractUid: contractUidOf(deal),
      senderName: deal.parties.sender.name,
      receiverName: deal.parties.receiver.name,
      myParty: party === 'sender' || party === 'receiver' ? party : null,
      createdAt: deal.createdAt.toISOString(),
      modifiedAt: deal.modifiedAt.toISOString(),
      signedAt: deal.signedAt?.toISOString() ?? null,
      declined: deal.declined ?? null,
      progress,
      progressColour: progressColour(progress),
    };
  });
  return { deals: cards, total, page, pageSize };
}

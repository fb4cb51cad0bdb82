import { eventSnippet, negotiationStats } from '@pactum/core/deals';
import type { DocumentEventCode } from '@pactum/core/document-events';
import type { PartyRole } from '@pactum/core/documents';
import { htmlToText } from '@pactum/core/html-text';
import type { NotificationEvent } from '@pactum/core/notifications';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deals } from '../../db/schema';
import { dealChanged } from '../../documents/live';
import type { Platform } from '../../platform/platform';
import type { DealContext } from './deal-context';
import { notifyOtherParty } from './notify-other-party';
import { insertDealEvent } from './queries';
import type { AfterChange } from './section-change';
import { findSectionStates } from './section-queries';

/**
 * After a section change: fresh negotiation stats on the deal (new becomes negotiate on the
 * first action), the event, notifications for the other party and the live events. The
 * sections are read once, without their text, for the stats and the action's answer.
 */
export async function afterChange(
  platform: Platform,
  tx: Tx,
  options: {
    context: DealContext;
    party: PartyRole;
    /** A negotiation event: both an audit-trail code and a notification. */
    event: Extract<DocumentEventCode, NotificationEvent>;
    liveType: string;
    section?: { id: string; title: string; html?: string };
  },
): Promise<AfterChange> {
  const { context, party, event, section } = options;
  const { deal, userId } = context;
  const states = await findSectionStates(tx, deal.id);
  const stats = negotiationStats(states);
  const state = deal.state === 'new' ? 'negotiate' : deal.state;
  const modifiedAt = new Date();
  await tx
    .update(deals)
    .set({ negotiationStats: stats, state, modifiedAt })
    .where(eq(deals.id, deal.id));
  const data: Record<string, unknown> = { actorParty: party };
  if (section) {
    data.sectionTitle = section.title;
    if (section.html !== undefined) data.contentSnippet = eventSnippet(htmlToText(section.html));
  }
  await insertDealEvent(tx, {
    dealId: deal.id,
    event,
    userId,
    sectionId: section?.id ?? null,
    data,
  });
  await notifyOtherParty(platform, tx, {
    deal,
    party,
    actorId: userId,
    event,
    data: { ...data, sectionId: section?.id ?? null },
  });
  await platform.realtime.publish(tx, {
    topic: `deal:${deal.id}`,
    type: options.liveType,
    ...(section ? { data: { sectionId: section.id } } : {}),
  });
  // Everyone who sees the deal: the feed shows the action; a first action moves it to negotiate.
  await dealChanged(platform, tx, deal.id, { counts: state !== deal.state });
  return { states, state, modifiedAt };
}

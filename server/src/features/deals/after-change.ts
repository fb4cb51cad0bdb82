import { eventSnippet, negotiationStats, type SectionTransition } from '@pactum/core/deals';
import type { DocumentEventCode } from '@pactum/core/document-events';
import type { PartyRole } from '@pactum/core/documents';
import { htmlToText } from '@pactum/core/html-text';
import type { NotificationEvent } from '@pactum/core/notifications';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deals } from '../../db/schema';
import { type DealSectionRow, dealReaders } from '../../documents/deal-reads';
import { dealChanged } from '../../documents/live';
import type { Platform } from '../../platform/platform';
import type { DealContext } from './deal-context';
import { notifyOtherParty } from './notify-other-party';
import { insertDealEvent } from './queries';
import type { AfterChange } from './section-change';
import {
  type DealSectionState,
  findSectionStates,
  statesWith,
  transitionWrite,
} from './section-queries';

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
    /** The sections' states after the change, when the action knows them (else read here). */
    states?: DealSectionState[];
    /** The action's own write to the section, sent with the deal's in one statement. */
    sectionWrite?: SQLWrapper;
  },
): Promise<AfterChange> {
  const { context, party, event, section } = options;
  const { deal, userId } = context;
  const states = options.states ?? (await findSectionStates(tx, deal.id));
  const stats = negotiationStats(states);
  const state = deal.state === 'new' ? 'negotiate' : deal.state;
  const modifiedAt = new Date();
  const dealWrite = tx
    .update(deals)
    .set({ negotiationStats: stats, state, modifiedAt })
    .where(eq(deals.id, deal.id));
  if (options.sectionWrite) {
    // As SQL, not as builders: a builder set in a template is taken for a subquery.
    await tx.execute(
      sql`WITH section_write AS (${options.sectionWrite.getSQL()}) ${dealWrite.getSQL()}`,
    );
  } else {
    await dealWrite;
  }
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
  // Who hears of it, read once for the notifications and the dashboards.
  const readers = await dealReaders(tx, deal.id);
  await notifyOtherParty(platform, tx, {
    deal,
    party,
    actorId: userId,
    event,
    data: { ...data, sectionId: section?.id ?? null },
    parties: readers.parties,
  });
  await platform.realtime.publish(tx, {
    topic: `deal:${deal.id}`,
    type: options.liveType,
    ...(section ? { data: { sectionId: section.id } } : {}),
  });
  // Everyone who sees the deal: the feed shows the action; a first action moves it to negotiate.
  await dealChanged(platform, tx, deal.id, {
    counts: state !== deal.state,
    viewerIds: readers.viewerIds,
  });
  return { states, state, modifiedAt };
}

/**
 * A transition of one section and what follows it (`afterChange`): the section's write goes with
 * the deal's, and the figures come from the states the action read, with this section's new one.
 */
export async function afterTransition(
  platform: Platform,
  tx: Tx,
  options: Omit<Parameters<typeof afterChange>[2], 'states' | 'sectionWrite'> & {
    row: DealSectionRow;
    states: DealSectionState[];
    transition: SectionTransition & { title?: string };
  },
): Promise<{ row: DealSectionRow; after: AfterChange }> {
  const { row: before, states, transition, ...change } = options;
  const { write, row } = transitionWrite(tx, {
    section: before,
    userId: options.context.userId,
    transition,
  });
  const after = await afterChange(platform, tx, {
    ...change,
    states: statesWith(states, row),
    sectionWrite: write,
  });
  return { row, after };
}

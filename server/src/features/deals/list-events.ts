import { DEAL_EVENTS_PAGE_SIZE, type DealEvent } from '@pactum/core/deals';
import type { PartyRole } from '@pactum/core/documents';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { Platform } from '../../platform/platform';
import { loadContext } from './deal-context';
import { findDealEventRows } from './queries';

/**
 * The activity feed, newest first, 100 a page: events without a party or of the caller's own
 * party; document-open events are not shown.
 */
export async function listDealEvents(
  platform: Platform,
  options: { userId: string; dealId: string; cursor?: string },
): Promise<{ events: DealEvent[]; nextCursor: string | null }> {
  const { db } = platform.database;
  const context = await loadContext(db, options);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await findDealEventRows(db, {
    dealId: context.deal.id,
    party: context.myParty,
    after,
    limit: DEAL_EVENTS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, DEAL_EVENTS_PAGE_SIZE);
  const last = page[page.length - 1];
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const partyValue = (value: unknown): PartyRole | null =>
    value === 'sender' || value === 'receiver' ? value : null;
  return {
    events: page.map((row) => ({
      id: row.id,
      event: row.event,
      party: row.party,
      actorParty: partyValue(row.data.actorParty),
      sectionId: row.sectionId,
      sectionTitle: text(row.data.sectionTitle),
      contentSnippet: text(row.data.contentSnippet),
      userInfo:
        row.firstname !== null && row.lastname !== null
          ? { firstname: row.firstname, lastname: row.lastname }
          : null,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    nextCursor:
      rows.length > DEAL_EVENTS_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

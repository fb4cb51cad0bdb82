import type { Tx } from '../db/client';
import type { Platform } from '../platform/platform';
import { refreshHomeCounts } from './counters';
import { dealViewerIds } from './deal-reads';

/**
 * The one mechanism that keeps the dashboard true when a deal changes: called in the transaction
 * of the change itself, so the stored counters and the news commit (or roll back) with it.
 *
 * Everyone who sees the deal (`dealViewerIds`: its access entries' users through their own,
 * workspace and group entries, its sender, its bound signers) is told on `user:<id>`:
 * - `counts: true` (the deal's state, its audience or its signatures changed): their drawer
 *   counters are recounted and stored at the end of the transaction (`refreshHomeCounts`,
 *   which publishes `user.updated`);
 * - `counts: false` (activity the feed and the widgets show without a state change: a section
 *   edited, agreed, reopened, created or deleted, the settings or the receiver's details): a
 *   `home.changed` event, nothing stored.
 *
 * The web refetches its dashboard widgets on `home.changed`, `user.updated` and
 * `notification.created` of the user's topic, so either kind of news refreshes an open home page.
 *
 * `formerViewerIds` are users who stopped seeing the deal in this same transaction (signers whose
 * slots were just removed): the deal leaves their lists and counters too.
 */
export async function dealChanged(
  platform: Platform,
  tx: Tx,
  dealId: string,
  options: {
    counts: boolean;
    formerViewerIds?: Iterable<string | null>;
    /** The deal's viewers, when the change has read them already (`dealReaders`). */
    viewerIds?: readonly string[];
  },
): Promise<void> {
  const userIds = new Set(options.viewerIds ?? (await dealViewerIds(tx, dealId)));
  for (const userId of options.formerViewerIds ?? []) if (userId) userIds.add(userId);
  for (const userId of userIds) {
    if (options.counts) await refreshHomeCounts(platform, tx, userId);
    else await platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'home.changed' });
  }
}

import type { NotificationEvent } from '@pactum/core/notifications';
import type { Tx } from '../../db/client';
import { type DealRow, dealAudienceIds } from '../../documents/deal-reads';
import { dealChanged } from '../../documents/live';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications';

/*
 * What a signing change tells others, in its transaction: the notifications of the people the
 * deal's signing concerns, and the live events of the deal and of everyone's dashboard.
 */

/**
 * A signing event (spec 1 §4: signing-start, restart-nego, sign-to-nego, document-sign,
 * signing-complete) for everyone the deal's signing concerns, on both sides: the users of both
 * parties and the accounts bound to its signer slots; never the one who acted. `audience` is
 * given when the signers are gone by the time of the call (cancel signing); `except` are told
 * otherwise already.
 */
export async function notifySigning(
  platform: Platform,
  tx: Tx,
  options: {
    deal: DealRow;
    actorId: string;
    event: NotificationEvent;
    data?: Record<string, unknown>;
    audience?: string[];
    except?: string[];
  },
): Promise<void> {
  const audience = options.audience ?? (await dealAudienceIds(tx, options.deal.id));
  const except = new Set(options.except);
  await notifyUsers(platform, tx, {
    userIds: audience.filter((id) => !except.has(id)),
    actorId: options.actorId,
    collection: 'deals',
    documentId: options.deal.id,
    event: options.event,
    data: { ...options.data, dealTitle: options.deal.title },
  });
}

/**
 * After a signing change, in its transaction: the deal's live event, and the dashboard of
 * everyone who sees the deal (`dealChanged`), their counters recounted when the change moves
 * the deal between lists or changes whose signature it waits for.
 */
export async function afterSigningChange(
  platform: Platform,
  tx: Tx,
  dealId: string,
  isCountChanged: boolean,
  /** Signers just removed: their to-sign counts change too. */
  removed: { userId: string | null }[] = [],
) {
  await platform.realtime.publish(tx, { topic: `deal:${dealId}`, type: 'signing.changed' });
  await dealChanged(platform, tx, dealId, {
    counts: isCountChanged,
    formerViewerIds: removed.map((signer) => signer.userId),
  });
}

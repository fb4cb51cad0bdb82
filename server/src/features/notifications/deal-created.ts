import type { Tx } from '../../db/client';
import { receiverAudienceIds } from '../../documents/deal-reads';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from './notify';

/**
 * `document-create` for a deal just made (by the send job or Send & Sign PDF), in the
 * transaction that makes it: the receiver's people who can be known at that moment hear that
 * they were sent a document (`receiverAudienceIds`). The sender's own side is not told: they
 * made it. Answers who was told.
 */
export async function notifyDealCreated(
  platform: Platform,
  tx: Tx,
  options: { dealId: string; title: string; actorId: string },
): Promise<string[]> {
  return notifyUsers(platform, tx, {
    userIds: await receiverAudienceIds(tx, options.dealId),
    actorId: options.actorId,
    collection: 'deals',
    documentId: options.dealId,
    event: 'document-create',
    data: { dealTitle: options.title },
  });
}

import { sectionEventTypes } from '@pactum/core/templates';
import type { DbOrTx, Tx } from '../../db/client';
import { dealChanged } from '../../documents/live';
import { type DocumentGrant, documentTopic } from '../../documents/require-document';
import type { Platform } from '../../platform/platform';

/* What follows a change to a document's share list: its watchers and its viewers hear of it. */

/**
 * Who sees a deal changed: their drawer counters and open homes follow in this transaction
 * (`dealChanged`), including those who just lost it (`formerViewerIds`).
 */
export async function viewersChanged(
  platform: Platform,
  tx: Tx,
  grant: DocumentGrant,
  formerViewerIds: string[] = [],
): Promise<void> {
  if (grant.collection !== 'deals') return;
  await dealChanged(platform, tx, grant.documentId, { counts: true, formerViewerIds });
}

export const notifyAccess = (platform: Platform, tx: DbOrTx, grant: DocumentGrant) =>
  platform.realtime.publish(tx, {
    topic: documentTopic(grant.collection, grant.documentId),
    type: sectionEventTypes.documentChanged,
    data: { access: true },
  });

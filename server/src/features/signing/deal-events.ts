import type { Tx } from '../../db/client';
import { appendEvent, type ChainedEvent, type NewDocumentEvent } from '../../documents/audit-chain';
import type { Platform } from '../../platform/platform';

/**
 * Appends a signing event to the deal's audit trail with the platform, so the deal's stored
 * chain check (`chain-check.ts`) is queued in the same transaction.
 */
export function appendDealEvent(
  platform: Platform,
  tx: Tx,
  dealId: string,
  event: Omit<NewDocumentEvent, 'collection' | 'documentId'>,
): Promise<ChainedEvent> {
  return appendEvent(tx, { collection: 'deals', documentId: dealId, ...event }, platform);
}

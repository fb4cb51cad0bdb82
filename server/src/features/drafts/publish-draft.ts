import type { DbOrTx } from '../../db/client';
import type { Platform } from '../../platform/platform';

/** Tells the draft's watchers (topic `draft:<id>`) that it changed; ids only. */
export function publishDraft(platform: Platform, tx: DbOrTx, draftId: string, type: string) {
  return platform.realtime.publish(tx, { topic: `draft:${draftId}`, type, data: { draftId } });
}

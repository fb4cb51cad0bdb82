import type { DbOrTx } from '../../db/client';
import { hasRecentEvent } from './queries';
import { recordDocumentEvent } from './record-document-event';

/** A document-open event is recorded at most once per user and document in this time. */
const OPEN_EVENT_INTERVAL_MS = 10 * 60 * 1000;

/** Opening a template or draft is a tracked event; refetches within ten minutes are not. */
export async function recordDocumentOpen(
  db: DbOrTx,
  open: {
    collection: 'templates' | 'drafts';
    documentId: string;
    userId: string;
    party?: 'sender' | null;
  },
) {
  const since = new Date(Date.now() - OPEN_EVENT_INTERVAL_MS);
  const isRecent = await hasRecentEvent(db, {
    collection: open.collection,
    documentId: open.documentId,
    userId: open.userId,
    event: 'document-open',
    since,
  });
  if (isRecent) return;
  await recordDocumentEvent(db, { ...open, event: 'document-open' });
}

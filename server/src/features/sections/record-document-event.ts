import type { DocumentEventCode } from '@pactum/core/document-events';
import type { DbOrTx } from '../../db/client';
import { appendEvent } from '../../documents/audit-chain';

/** Records a tracked event on the document history. */
export async function recordDocumentEvent(
  tx: DbOrTx,
  event: {
    collection: 'templates' | 'drafts' | 'deals';
    documentId: string;
    event: DocumentEventCode;
    userId: string;
    sectionId?: string | null;
    party?: 'sender' | 'receiver' | null;
    data?: Record<string, unknown>;
  },
) {
  // Every document's history is one append-only hash chain (documents/audit-chain.ts).
  await appendEvent(tx, {
    collection: event.collection,
    documentId: event.documentId,
    event: event.event,
    userId: event.userId,
    sectionId: event.sectionId ?? null,
    party: event.party ?? null,
    data: event.data ?? {},
  });
}

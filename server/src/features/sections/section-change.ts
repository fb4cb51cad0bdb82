import type { DocumentEventCode } from '@pactum/core/document-events';
import { type SectionCollection, sectionEventTypes } from '@pactum/core/templates';
import type { DbOrTx, Tx } from '../../db/client';
import {
  type DocumentCaller,
  documentTopic,
  requireDocument,
} from '../../documents/require-document';
import type { Platform } from '../../platform/platform';
import { listSections } from './list-sections';
import { lockDocumentRow, touchDocument } from './queries';
import { recordDocumentEvent } from './record-document-event';

/*
 * One section service for template and draft sections: what a change to a document's sections
 * starts and ends with. Deal sections have negotiation rules of their own and live with deals.
 */

export type SectionOptions = {
  collection: SectionCollection;
  documentId: string;
  caller: DocumentCaller;
};

export const publish = (
  platform: Platform,
  tx: DbOrTx,
  collection: SectionCollection,
  documentId: string,
  type: string,
  data: Record<string, unknown> = {},
) => platform.realtime.publish(tx, { topic: documentTopic(collection, documentId), type, data });

/**
 * After a section was made, saved, moved or removed: the document's modified time, its event
 * log entry (when an `event` is given) and `sections.changed` to the document's watchers.
 */
export async function sectionsChanged(
  platform: Platform,
  tx: Tx,
  options: SectionOptions & {
    sectionId: string;
    event?: DocumentEventCode;
    data?: Record<string, unknown>;
  },
) {
  const { collection, documentId, caller, sectionId, event, data } = options;
  await touchDocument(tx, collection, documentId, caller.id);
  if (event) {
    await recordDocumentEvent(tx, {
      collection,
      documentId,
      event,
      userId: caller.id,
      sectionId,
      ...(data ? { data } : {}),
    });
  }
  await publish(platform, tx, collection, documentId, sectionEventTypes.sectionsChanged, {
    sectionId,
  });
}

/**
 * The document's sections, read for a change by an editor: the caller must have edit access,
 * and the document row stays locked to the end of the transaction (see lockDocumentRow).
 */
export async function sectionsForChange(platform: Platform, tx: Tx, options: SectionOptions) {
  const { collection, documentId, caller } = options;
  await requireDocument(platform, tx, { collection, documentId, caller, role: 'edit' });
  await lockDocumentRow(tx, collection, documentId);
  return listSections(tx, collection, documentId);
}

import type { DocumentCollection } from '@pactum/core/documents';

/** A shared document: its collection and id. */
export type SharedDocument = { collection: DocumentCollection; documentId: string };

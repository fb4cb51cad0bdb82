import type { DocumentCollection } from '@pactum/core/documents';

const kinds = { templates: 'template', drafts: 'draft', deals: 'deal' } as const;

/** The realtime topic kind of a collection: `templates` → `template` (topic `template:<id>`). */
export function documentKind(collection: DocumentCollection): (typeof kinds)[DocumentCollection] {
  return kinds[collection];
}

/**
 * The query key prefix of everything about one document, `['template', id]`: the realtime
 * topic `template:<id>` refetches every query under it.
 */
export const documentQueryKey = (collection: DocumentCollection, documentId: string) =>
  [documentKind(collection), documentId] as const;

/** The API path of one document, e.g. `/api/v1/templates/<id>`. */
export const documentPath = (collection: DocumentCollection, documentId: string) =>
  `/api/v1/${collection}/${encodeURIComponent(documentId)}`;

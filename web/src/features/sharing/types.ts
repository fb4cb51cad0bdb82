import type {
  accessEntrySchema,
  accessListSchema,
  sharingSuggestionsSchema,
} from '@pactum/core/api/sharing';
import type { Wire } from '@pactum/core/api/wire';
import type { DocumentCollection } from '@pactum/core/documents';

/** A shared document: its collection and id. */
export type SharedDocument = { collection: DocumentCollection; documentId: string };

/** One member of a document's share list. */
export type AccessEntry = Wire<typeof accessEntrySchema>;
/** A document's share list and whether the caller may change it (every sharing route's answer). */
export type AccessList = Wire<typeof accessListSchema>;
/** GET /sharing/suggestions: whom the caller can invite. */
export type SharingSuggestions = Wire<typeof sharingSuggestionsSchema>;

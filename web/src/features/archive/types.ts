import type {
  archiveFilingSchema,
  archiveInboxSchema,
  archiveItemDetailSchema,
  archiveItemSchema,
  archivePageSchema,
  archiveRootSchema,
  dealArchivedSchema,
} from '@pactum/core/api/archive';
import type { Wire } from '@pactum/core/api/wire';

// The web's names for the answers of the archive API (the wire side of the routes' schemas).

/** One folder or file of a listing. */
export type ArchiveItem = Wire<typeof archiveItemSchema>;
/** A page of a folder's items. */
export type ArchivePage = Wire<typeof archivePageSchema>;
/** GET /archive: the root folders and the Inbox's counts. */
export type ArchiveRoot = Wire<typeof archiveRootSchema>;
/** GET /archive/inbox: the Inbox's files and the deals on their way into it. */
export type ArchiveInbox = Wire<typeof archiveInboxSchema>;
/** A signed deal being filed into the Inbox. */
export type ArchiveFiling = Wire<typeof archiveFilingSchema>;
/** One item with its place (breadcrumbs), counts and permission change. */
export type ArchiveItemDetail = Wire<typeof archiveItemDetailSchema>;
/** GET /deals/:dealId/archived. */
export type DealArchived = Wire<typeof dealArchivedSchema>;

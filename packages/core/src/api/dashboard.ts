import { z } from 'zod';
import { feedEvents } from '../dashboard';
import { dealStates, partyRoles } from '../documents';
import { isoDateTime } from './wire';

/* Answers of the dashboard home's routes (`/api/v1/dashboard/…`), one route per widget. */

const partyRole = z.enum(partyRoles);

/** One row of a document widget: a deal, or a draft (Drafts and Your recent documents). */
export const homeDocumentSchema = z.object({
  kind: z.enum(['deal', 'draft']),
  id: z.uuid(),
  title: z.string(),
  senderName: z.string(),
  receiverName: z.string(),
  /** A deal's state; null for a draft. */
  state: z.enum(dealStates).nullable(),
  /** The caller's party in a deal (null for a draft, or a signer outside both parties). */
  myParty: partyRole.nullable(),
  createdAt: isoDateTime,
  /** When it last changed; the row's date is this, falling back to `createdAt`. */
  modifiedAt: isoDateTime.nullable(),
});

/** GET /dashboard/documents?group=: the widget's 5 latest items and whether there are more. */
export const homeDocumentsSchema = z.object({
  items: z.array(homeDocumentSchema),
  hasMore: z.boolean(),
});

/** One signature the caller still has to give ('You to sign'). */
export const toSignItemSchema = z.object({
  signerId: z.uuid(),
  dealId: z.uuid(),
  title: z.string(),
  senderName: z.string(),
  receiverName: z.string(),
  /** The party the caller signs for. */
  party: partyRole,
  /** When signing started (the row's date). */
  since: isoDateTime,
});

/** GET /dashboard/to-sign: at most 20, the most recently started signing first. */
export const toSignListSchema = z.object({ items: z.array(toSignItemSchema) });

/** One pending document alert the caller is among the recipients of. */
export const homeAlertSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  /** The file's folder; null for a file in the Inbox. */
  parentId: z.uuid().nullable(),
  fileName: z.string(),
  /** `YYYY-MM-DD`. */
  date: z.string(),
  subject: z.string(),
});

/** GET /dashboard/alerts: the soonest 5 and whether there are more. */
export const homeAlertsSchema = z.object({
  items: z.array(homeAlertSchema),
  hasMore: z.boolean(),
});

/** One line of 'Latest changes by others'. */
export const feedItemSchema = z.object({
  id: z.uuid(),
  event: z.enum(feedEvents),
  /** The actor's name ('' when the account is gone). */
  actorName: z.string(),
  collection: z.enum(['deals', 'drafts']),
  documentId: z.uuid(),
  documentTitle: z.string(),
  /** The section's title for section events, else null. */
  sectionTitle: z.string().nullable(),
  /** The caller's party in a deal (null for a draft or a signer outside both parties). */
  myParty: partyRole.nullable(),
  createdAt: isoDateTime,
});

/** GET /dashboard/changes: the newest lines first. */
export const feedSchema = z.object({ items: z.array(feedItemSchema) });

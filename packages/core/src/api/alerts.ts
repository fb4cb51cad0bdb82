import { z } from 'zod';
import { isoDateTime } from './wire';

/* Answers of the document alert routes (`/api/v1/archive/items/:id/alerts…`). */

/** One alert of an archived file. */
export const alertSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  /** `YYYY-MM-DD`: delivered at 08:00 that day in the creator's timezone (`dueAt`). */
  date: z.string(),
  dueAt: isoDateTime,
  emails: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
  /** When it was delivered; null while pending. */
  alertedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  createdBy: z.uuid().nullable(),
  /** The creator's name, for the drawer's list. */
  createdByName: z.string().nullable(),
  /** Who saved it last (its author, or a workspace administrator who changed it). */
  modifiedBy: z.uuid().nullable(),
  /** Their name, for the drawer's list. */
  modifiedByName: z.string().nullable(),
  /**
   * Whether the caller may change and remove it: its author, or an administrator of the file's
   * workspace. Everyone else who may open the file only reads it.
   */
  canEdit: z.boolean(),
});

/** The file's pending alerts, soonest first, and the count kept on the file. */
export const alertListSchema = z.object({
  items: z.array(alertSchema),
  alertCount: z.number().int(),
});

/** Who may be alerted about a file: the people who can open it (at most 100). */
export const alertSuggestionsSchema = z.object({
  items: z.array(z.object({ email: z.string(), name: z.string() })),
});

import { z } from 'zod';
import { documentCollections } from '../documents';

/* Answers of the notification routes: the caller's notifications menu. */

/** One line of the menu: the newest of its merged notifications, with how many there are. */
export const notificationItemSchema = z.object({
  event: z.string(),
  collection: z.enum(documentCollections),
  documentId: z.uuid(),
  documentTitle: z.string(),
  sectionTitle: z.string().nullable(),
  /** A new Inbox item: the archived copy it announces. */
  archiveId: z.uuid().nullable(),
  fromUserId: z.string().nullable(),
  fromName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  isSeen: z.boolean(),
  /** The ids of every merged notification, newest first (clearing removes them all). */
  ids: z.array(z.uuid()),
  count: z.number().int(),
});

/** The menu: merged lines newest first and how many notifications are unseen. */
export const notificationListSchema = z.object({
  items: z.array(notificationItemSchema),
  unseen: z.number().int(),
});

import { z } from 'zod';
import { notificationCollections } from '../notifications';

/* Answers of the notification routes: the caller's notifications menu. */

/** One line of the menu: the newest of its merged notifications, with how many there are. */
export const notificationItemSchema = z.object({
  event: z.string(),
  collection: z.enum(notificationCollections),
  documentId: z.uuid(),
  documentTitle: z.string(),
  sectionTitle: z.string().nullable(),
  /** A new Inbox item: the archived copy it announces. */
  archiveId: z.uuid().nullable(),
  /** An upcoming document alert: the alert's subject. */
  subject: z.string().nullable(),
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

/**
 * POST /notifications/push: the caller's notifications not pushed yet, now marked pushed, so each
 * shows as a toast once, in one tab. Only recent ones (`PUSH_MAX_AGE_MS`, at most `PUSH_LIMIT`)
 * come back to be shown; older ones are marked too and wait in the menu.
 */
export const notificationPushSchema = z.object({
  items: z.array(notificationItemSchema),
});

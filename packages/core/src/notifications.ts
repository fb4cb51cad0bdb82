import { z } from 'zod';

/*
 * The notifications menu (spec 1 §2 "Notifications menu", §4): the user's notifications newest
 * first, those of the same type, document and sender merged into one line, with a relative time
 * in s, m, h, d, w or y. New until the menu has been open 5 s, then seen; cleared ones are gone.
 */

/** How long the menu stays open before its notifications count as seen. */
export const NOTIFICATION_SEEN_DELAY_MS = 5_000;
/** The most notifications a user is shown. */
export const NOTIFICATIONS_LIMIT = 200;

/**
 * Every event a user is notified of (spec 1 §4 notification event types), with
 * `document-settings`, `document-trash` and `document-restore` besides. Negotiation events go to
 * the other party's users; signing events to everyone on the deal; never to the one who acted.
 */
export const notificationEvents = [
  'document-create',
  'document-sign',
  'signing-start',
  'restart-nego',
  'sign-to-nego',
  'signing-declined',
  'signing-withdrawn',
  'signing-complete',
  'section-edit',
  'section-agree',
  'section-reopen',
  'section-create',
  'section-delete',
  'new-inbox-item',
  'upcoming-document-alert',
  'document-settings',
  'document-trash',
  'document-restore',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** What a notification is about: a document, or an archived file (`archives`). */
export const notificationCollections = ['templates', 'drafts', 'deals', 'archives'] as const;
export type NotificationCollection = (typeof notificationCollections)[number];

/** Most toasts one push shows; older unpushed notifications only wait in the menu. */
export const PUSH_LIMIT = 5;
/** A notification older than this is not pushed as a toast any more (it stays in the menu). */
export const PUSH_MAX_AGE_MS = 60 * 60 * 1000;

/** One stored notification as the server reads it. */
export type NotificationRow = {
  id: string;
  event: string;
  collection: NotificationCollection;
  documentId: string;
  documentTitle: string;
  sectionTitle: string | null;
  /** A new Inbox item: the archived copy it announces. */
  archiveId: string | null;
  /** An upcoming document alert: the alert's subject. */
  subject: string | null;
  fromUserId: string | null;
  fromName: string | null;
  createdAt: string;
  isSeen: boolean;
};

/** One line of the menu: the newest of its merged notifications, with how many there are. */
export type NotificationItem = Omit<NotificationRow, 'id'> & {
  /** The ids of every merged notification, newest first (clearing removes them all). */
  ids: string[];
  count: number;
};

export type NotificationList = { items: NotificationItem[]; unseen: number };

/** POST /notifications/seen and /notifications/clear: some of the caller's, or all of them. */
export const notificationIdsSchema = z.strictObject({
  ids: z.array(z.uuid()).max(NOTIFICATIONS_LIMIT).optional(),
});
export type NotificationIds = z.infer<typeof notificationIdsSchema>;

/**
 * Merges rows (newest first) with the same event, document and sender into one item that keeps
 * the newest row's time and texts; it is unseen while any of its rows is.
 */
export function mergeNotifications(rows: NotificationRow[]): NotificationItem[] {
  const items = new Map<string, NotificationItem>();
  for (const { id, ...row } of rows) {
    const key = `${row.event}|${row.collection}|${row.documentId}|${row.fromUserId ?? ''}`;
    const item = items.get(key);
    if (item) {
      item.ids.push(id);
      item.count += 1;
      item.isSeen = item.isSeen && row.isSeen;
    } else {
      items.set(key, { ...row, ids: [id], count: 1 });
    }
  }
  return [...items.values()];
}

export type RelativeTime = { value: number; unit: 's' | 'm' | 'h' | 'd' | 'w' | 'y' };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;

/**
 * The age of a notification in the menu's units: seconds under a minute, minutes under an
 * hour, hours under a day, days under a week, weeks under about seven years, then years.
 */
export function relativeTime(then: Date, now: Date): RelativeTime {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (seconds < MINUTE) return { value: seconds, unit: 's' };
  if (seconds < HOUR) return { value: Math.floor(seconds / MINUTE), unit: 'm' };
  if (seconds < DAY) return { value: Math.floor(seconds / HOUR), unit: 'h' };
  if (seconds < WEEK) return { value: Math.floor(seconds / DAY), unit: 'd' };
  if (seconds < 7 * YEAR) return { value: Math.floor(seconds / WEEK), unit: 'w' };
  return { value: Math.floor(seconds / YEAR), unit: 'y' };
}

/** Where a notification's document opens in the app. */
export function notificationPath(item: Pick<NotificationItem, 'collection' | 'documentId'>) {
  const id = encodeURIComponent(item.documentId);
  // The viewer opens a file from any folder's address and moves to the file's own folder.
  if (item.collection === 'archives') return `/dashboard/account/archive/inbox/${id}`;
  if (item.collection === 'templates') return `/dashboard/templates/view/${id}`;
  if (item.collection === 'drafts') return `/dashboard/draft/${id}/edit`;
  return `/dashboard/documents/deals/${id}`;
}

import { notificationPath } from '@pactum/core/notifications';
import type { NotificationItem } from './api';

/** The notification that a signed deal's copy is in the user's archive Inbox (spec 1 §4). */
export const NEW_INBOX_ITEM = 'new-inbox-item';

/**
 * Where a notification line leads: a new Inbox item opens the archived copy in the Inbox
 * viewer (`archiveId` of the notification's data; without it the Inbox itself), any other
 * notification its document.
 */
export function notificationLink(item: NotificationItem): string {
  if (item.event !== NEW_INBOX_ITEM) return notificationPath(item);
  const archiveId = 'archiveId' in item && typeof item.archiveId === 'string' ? item.archiveId : '';
  return `/dashboard/account/archive/inbox${archiveId ? `/${encodeURIComponent(archiveId)}` : ''}`;
}

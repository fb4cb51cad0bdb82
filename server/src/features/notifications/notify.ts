import type { NotificationCollection, NotificationEvent } from '@pactum/core/notifications';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Platform } from '../../platform/platform';

/**
 * The one way a notification is made (spec 1 §4): a row for each user, never for the one who
 * acted, written in the caller's transaction, and a live `notification.created` on each user's
 * topic, which the browser answers by refreshing the bell and asking for its toasts
 * (`POST /notifications/push`). Since both commit together, a user is told exactly when the
 * change happened.
 */
export async function notifyUsers(
  platform: Platform,
  tx: DbOrTx,
  options: {
    userIds: Iterable<string>;
    /** Who acted; never notified of their own action. Null for the system (a due alert). */
    actorId: string | null;
    collection: NotificationCollection;
    documentId: string;
    event: NotificationEvent;
    /** Titles and ids the menu shows: dealTitle or title, sectionTitle, archiveId, subject. */
    data: Record<string, unknown>;
  },
): Promise<string[]> {
  const recipients = [...new Set(options.userIds)].filter((id) => id !== options.actorId);
  if (recipients.length === 0) return [];
  const data = options.actorId ? { ...options.data, byUserId: options.actorId } : options.data;
  await tx.insert(notifications).values(
    recipients.map((userId) => ({
      userId,
      collection: options.collection,
      documentId: options.documentId,
      event: options.event,
      data,
    })),
  );
  for (const userId of recipients) {
    await platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'notification.created' });
  }
  return recipients;
}

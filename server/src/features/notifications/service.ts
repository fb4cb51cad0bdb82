import {
  mergeNotifications,
  NOTIFICATIONS_LIMIT,
  type NotificationIds,
  type NotificationList,
} from '@pactum/core/notifications';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { Platform } from '../../platform/platform';

/*
 * The notifications menu (spec 1 §2, §4): a user's own notification rows (written by the deal
 * actions for the other party's users), merged for the menu, marked seen and cleared. Every
 * query is bound to the caller's user id, so one user's rows are unreachable to another.
 */

/** The caller's notifications for the menu, newest first (at most 200), merged. */
export async function listNotifications(db: DbOrTx, userId: string): Promise<NotificationList> {
  const rows = await db
    .select({
      id: notifications.id,
      event: notifications.event,
      collection: notifications.collection,
      documentId: notifications.documentId,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      fromName: users.name,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, sql`(${notifications.data}->>'byUserId')::uuid`))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const items = mergeNotifications(
    rows.map((row) => ({
      id: row.id,
      event: row.event,
      collection: row.collection,
      documentId: row.documentId,
      documentTitle: text(row.data.dealTitle) ?? text(row.data.title) ?? '',
      sectionTitle: text(row.data.sectionTitle),
      archiveId: text(row.data.archiveId),
      fromUserId: text(row.data.byUserId),
      fromName: row.fromName,
      createdAt: row.createdAt.toISOString(),
      isSeen: row.readAt !== null,
    })),
  );
  return { items, unseen: rows.filter((row) => row.readAt === null).length };
}

/** The caller's rows, all or those among `ids`. */
function mine(userId: string, input: NotificationIds): SQL | undefined {
  return and(
    eq(notifications.userId, userId),
    input.ids ? inArray(notifications.id, input.ids) : undefined,
  );
}

/** Marks the caller's new notifications (all, or those among `ids`) as seen. */
export async function markNotificationsSeen(
  platform: Platform,
  options: { userId: string; input: NotificationIds },
): Promise<NotificationList> {
  const { db } = platform.database;
  await db.transaction(async (tx) => {
    const seen = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(mine(options.userId, options.input), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (seen.length > 0) await announce(platform, tx, options.userId);
  });
  return listNotifications(db, options.userId);
}

/** Clears (deletes) the caller's notifications: all, or those among `ids`. */
export async function clearNotifications(
  platform: Platform,
  options: { userId: string; input: NotificationIds },
): Promise<NotificationList> {
  const { db } = platform.database;
  await db.transaction(async (tx) => {
    const cleared = await tx
      .delete(notifications)
      .where(mine(options.userId, options.input))
      .returning({ id: notifications.id });
    if (cleared.length > 0) await announce(platform, tx, options.userId);
  });
  return listNotifications(db, options.userId);
}

/** The user's other tabs refetch their menu. */
const announce = (platform: Platform, tx: DbOrTx, userId: string) =>
  platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'notifications.changed' });

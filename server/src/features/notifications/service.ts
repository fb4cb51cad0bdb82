import type { notificationPushSchema } from '@pactum/core/api/notifications';
import {
  mergeNotifications,
  NOTIFICATIONS_LIMIT,
  type NotificationCollection,
  type NotificationIds,
  type NotificationList,
  type NotificationRow,
  PUSH_LIMIT,
  PUSH_MAX_AGE_MS,
} from '@pactum/core/notifications';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { Platform } from '../../platform/platform';

/*
 * The notifications menu (spec 1 §2, §4): a user's own notification rows (written through
 * `notifyUsers`), merged for the menu, pushed once as toasts, marked seen and cleared. Every
 * query is bound to the caller's user id, so one user's rows are unreachable to another.
 */

type NotificationPush = z.output<typeof notificationPushSchema>;

type StoredNotification = {
  id: string;
  event: string;
  collection: NotificationCollection;
  documentId: string;
  data: Record<string, unknown>;
  readAt: Date | null;
  createdAt: Date;
  fromName: string | null;
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A stored notification as the menu reads it. An archived file's (`archives`) is the file
 * itself: its title is `data.title` and its archive id the document id.
 */
function notificationRow(row: StoredNotification): NotificationRow {
  return {
    id: row.id,
    event: row.event,
    collection: row.collection,
    documentId: row.documentId,
    documentTitle: text(row.data.dealTitle) ?? text(row.data.title) ?? '',
    sectionTitle: text(row.data.sectionTitle),
    archiveId: text(row.data.archiveId) ?? (row.collection === 'archives' ? row.documentId : null),
    subject: text(row.data.subject),
    fromUserId: text(row.data.byUserId),
    fromName: row.fromName,
    createdAt: row.createdAt.toISOString(),
    isSeen: row.readAt !== null,
  };
}

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
  const items = mergeNotifications(rows.map(notificationRow));
  return { items, unseen: rows.filter((row) => row.readAt === null).length };
}

/**
 * The caller's toasts (spec 1 §4: a push is shown once, then pushedAt is set). One statement
 * claims every notification of theirs not pushed yet, so of two tabs asking at once each
 * notification goes to one: the second waits for the first's row locks and then finds them
 * pushed. Of the claimed ones only the recent (`PUSH_MAX_AGE_MS`) come back, merged like the
 * menu, newest first, at most `PUSH_LIMIT`; older ones are just marked and wait in the menu.
 */
export async function pushNotifications(
  platform: Platform,
  options: { userId: string },
): Promise<NotificationPush> {
  const { db } = platform.database;
  const claimed = await db
    .update(notifications)
    .set({ pushedAt: sql`now()` })
    .where(and(eq(notifications.userId, options.userId), isNull(notifications.pushedAt)))
    .returning({
      id: notifications.id,
      event: notifications.event,
      collection: notifications.collection,
      documentId: notifications.documentId,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      isRecent: sql<boolean>`${notifications.createdAt} > now() - make_interval(secs => ${PUSH_MAX_AGE_MS / 1000})`,
    });
  const recent = claimed
    .filter((row) => row.isRecent)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, NOTIFICATIONS_LIMIT);
  const fromIds = recent.flatMap((row) => text(row.data.byUserId) ?? []);
  const names =
    fromIds.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, [...new Set(fromIds)]));
  const nameOf = new Map(names.map((user) => [user.id, user.name]));
  const rows = recent.map((row) =>
    notificationRow({ ...row, fromName: nameOf.get(text(row.data.byUserId) ?? '') ?? null }),
  );
  return { items: mergeNotifications(rows).slice(0, PUSH_LIMIT) };
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

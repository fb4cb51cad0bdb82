import type { AlertAdministratorAction } from '@pactum/core/alerts';
import type { Lang } from '@pactum/core/validation';
import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  archiveAccess,
  archiveItems,
  documentAlertEvents,
  documentAlerts,
  users,
  workspaceGroupMembers,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { canOpenItem } from '../../documents/archive-access';
import { isMembershipOf } from '../../documents/workspace-access';

/* The SQL of document alerts. Everything takes `Db | Tx`, so it runs inside the caller's change. */

export type AlertRow = typeof documentAlerts.$inferSelect;
export type AlertWithCreator = AlertRow & {
  createdByName: string | null;
  modifiedByName: string | null;
};

/** Whether the user of `userColumn` may open the item now. */
function mayOpen(itemId: string, userColumn: SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${archiveItems}
    WHERE ${archiveItems.id} = ${itemId} AND ${canOpenItem(userColumn)})`;
}

const modifier = alias(users, 'modifier');

/** Alerts with the names of their creators and last editors. */
function selectWithNames(db: DbOrTx) {
  return db
    .select({ alert: documentAlerts, createdByName: users.name, modifiedByName: modifier.name })
    .from(documentAlerts)
    .leftJoin(users, eq(users.id, documentAlerts.createdBy))
    .leftJoin(modifier, eq(modifier.id, documentAlerts.modifiedBy));
}

/** The item's alerts not yet delivered, soonest first, with their creators' names. */
export async function listPendingAlerts(db: DbOrTx, itemId: string): Promise<AlertWithCreator[]> {
  const rows = await selectWithNames(db)
    .where(and(eq(documentAlerts.itemId, itemId), isNull(documentAlerts.alertedAt)))
    .orderBy(asc(documentAlerts.dueAt), asc(documentAlerts.createdAt), asc(documentAlerts.id));
  return rows.map(({ alert, ...names }) => ({ ...alert, ...names }));
}

/** One alert with its creator's name. */
export async function findAlertWithCreator(
  db: DbOrTx,
  alertId: string,
): Promise<AlertWithCreator | undefined> {
  const [row] = await selectWithNames(db).where(eq(documentAlerts.id, alertId));
  if (!row) return undefined;
  const { alert, ...names } = row;
  return { ...alert, ...names };
}

/**
 * Whether the user administers the workspace (billing access `edit`), as the request may act:
 * with a workspace token, only the token's own workspace counts.
 */
export async function isWorkspaceAdministrator(
  db: DbOrTx,
  options: { workspaceId: string | null; userId: string },
): Promise<boolean> {
  if (!options.workspaceId) return false;
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, options.workspaceId),
        isMembershipOf(options.userId),
        eq(workspaceMembers.role, 'edit'),
        isNull(workspaces.deletedAt),
      ),
    );
  return row !== undefined;
}

/** What an alert said: the record of an administrator's change keeps it before and after. */
export type AlertContent = Pick<AlertRow, 'date' | 'emails' | 'subject' | 'message'>;

/** Records an administrator's change or removal of someone else's alert, in its transaction. */
export async function recordAdministratorChange(
  tx: DbOrTx,
  options: {
    alert: AlertRow;
    workspaceId: string | null;
    actorId: string;
    action: AlertAdministratorAction;
    after?: AlertContent;
  },
): Promise<void> {
  const { alert } = options;
  const contentOf = (content: AlertContent) => ({
    date: content.date,
    emails: content.emails,
    subject: content.subject,
    message: content.message,
  });
  await tx.insert(documentAlertEvents).values({
    alertId: alert.id,
    itemId: alert.itemId,
    workspaceId: options.workspaceId,
    action: options.action,
    actorId: options.actorId,
    authorId: alert.createdBy,
    before: contentOf(alert),
    after: options.after ? contentOf(options.after) : null,
  });
}

/** A pending alert of the item, locked for a change. */
export async function lockPendingAlert(
  tx: DbOrTx,
  options: { itemId: string; alertId: string },
): Promise<AlertRow | undefined> {
  const [row] = await tx
    .select()
    .from(documentAlerts)
    .where(
      and(
        eq(documentAlerts.id, options.alertId),
        eq(documentAlerts.itemId, options.itemId),
        isNull(documentAlerts.alertedAt),
      ),
    )
    .for('update');
  return row;
}

/**
 * Sets the item's `alert_count` to its number of pending alerts; the new count. Callers hold the
 * item's row lock (taken before any alert of it is touched), so each recount sees every change
 * committed before it and none can be lost between two.
 */
export async function recountAlerts(tx: DbOrTx, itemId: string): Promise<number> {
  const [row] = await tx
    .update(archiveItems)
    .set({
      alertCount: sql`(SELECT count(*)::int FROM ${documentAlerts}
        WHERE ${documentAlerts.itemId} = ${archiveItems.id} AND ${documentAlerts.alertedAt} IS NULL)`,
    })
    .where(eq(archiveItems.id, itemId))
    .returning({ alertCount: archiveItems.alertCount });
  return row?.alertCount ?? 0;
}

/** The account of each address that has one, and whether it may open the item now. */
export async function accountsOf(
  db: DbOrTx,
  options: { itemId: string; emails: string[] },
): Promise<Array<{ id: string; email: string; name: string; lang: Lang; mayOpen: boolean }>> {
  if (options.emails.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      lang: users.lang,
      mayOpen: mayOpen(options.itemId, sql`${users.id}`),
    })
    .from(users)
    .where(inArray(users.email, options.emails));
}

/**
 * Everyone who may open the item (for the alert form's suggestions), by name, at most `limit`.
 * The candidates are the people the item's own scope names (its workspace's members, its
 * groups' members, whoever its party rows reach); each is then held to the whole access rule,
 * folders above included, so no one outside it is ever listed.
 */
export function listItemOpeners(
  db: DbOrTx,
  options: { itemId: string; limit: number },
): Promise<Array<{ email: string; name: string }>> {
  const { itemId } = options;
  const candidates = sql`
    SELECT ${workspaceMembers.userId} FROM ${workspaceMembers}
      JOIN ${archiveItems} ON ${archiveItems.workspaceId} = ${workspaceMembers.workspaceId}
      WHERE ${archiveItems.id} = ${itemId}
    UNION SELECT ${workspaceGroupMembers.userId} FROM ${workspaceGroupMembers}
      JOIN ${archiveItems} ON ${workspaceGroupMembers.groupId} = ANY(${archiveItems.groupIds})
      WHERE ${archiveItems.id} = ${itemId}
    UNION SELECT ${archiveAccess.userId} FROM ${archiveAccess}
      WHERE ${archiveAccess.itemId} = ${itemId} AND ${archiveAccess.userId} IS NOT NULL
    UNION SELECT ${workspaceMembers.userId} FROM ${archiveAccess}
      JOIN ${workspaceMembers} ON ${workspaceMembers.workspaceId} = ${archiveAccess.workspaceId}
      WHERE ${archiveAccess.itemId} = ${itemId}
    UNION SELECT ${workspaceGroupMembers.userId} FROM ${archiveAccess}
      JOIN ${workspaceGroupMembers} ON ${workspaceGroupMembers.groupId} = ${archiveAccess.groupId}
      WHERE ${archiveAccess.itemId} = ${itemId}`;
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(sql`${users.id} IN (${candidates})`, mayOpen(itemId, sql`${users.id}`)))
    .orderBy(asc(users.name), asc(users.email))
    .limit(options.limit);
}

/** The user's timezone as stored (null when unset or the user is gone). */
export async function timezoneOf(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  return row?.timezone ?? null;
}

/** A person's name, address and language, for the mails of an alert they wrote. */
export async function writerOf(
  db: DbOrTx,
  userId: string | null,
): Promise<{ name: string; email: string; lang: Lang } | undefined> {
  if (!userId) return undefined;
  const [row] = await db
    .select({ name: users.name, email: users.email, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Pending alerts whose time has come (the partial due index), oldest first. */
export function dueAlerts(
  db: DbOrTx,
  options: { now: Date; limit: number; skipIds: string[] },
): Promise<Array<{ id: string; itemId: string }>> {
  return db
    .select({ id: documentAlerts.id, itemId: documentAlerts.itemId })
    .from(documentAlerts)
    .where(
      and(
        isNull(documentAlerts.alertedAt),
        lte(documentAlerts.dueAt, options.now),
        options.skipIds.length > 0 ? notInArray(documentAlerts.id, options.skipIds) : undefined,
      ),
    )
    .orderBy(asc(documentAlerts.dueAt), asc(documentAlerts.id))
    .limit(options.limit);
}

/**
 * The item an alert is on, locked (in the order every alert change takes: item, then alert),
 * with whether it is live: not deleted and no folder above it deleted.
 */
export async function lockAlertItem(
  tx: DbOrTx,
  itemId: string,
): Promise<{ id: string; name: string; isLive: boolean } | undefined> {
  const [row] = await tx
    .select({
      id: archiveItems.id,
      name: archiveItems.name,
      isLive: sql<boolean>`(${archiveItems.deletedAt} IS NULL AND NOT EXISTS (
        SELECT 1 FROM ${archiveItems} AS ancestor
        WHERE ancestor.id = ANY(${archiveItems.ancestorIds}) AND ancestor.deleted_at IS NOT NULL))`,
    })
    .from(archiveItems)
    .where(eq(archiveItems.id, itemId))
    .for('update');
  return row;
}

/**
 * Marks a pending alert delivered at `now`, once: of two sweeps claiming it, the second finds
 * it delivered (the row lock makes it wait for the first to commit) and gets nothing.
 */
export async function claimAlert(
  tx: DbOrTx,
  options: { alertId: string; now: Date },
): Promise<AlertRow | undefined> {
  const [row] = await tx
    .update(documentAlerts)
    .set({ alertedAt: options.now })
    .where(and(eq(documentAlerts.id, options.alertId), isNull(documentAlerts.alertedAt)))
    .returning();
  return row;
}

/** Records who a delivered alert reached. */
export async function setAlertedUsers(
  tx: DbOrTx,
  options: { alertId: string; userIds: string[] },
): Promise<void> {
  await tx
    .update(documentAlerts)
    .set({ alertUserIds: options.userIds })
    .where(and(eq(documentAlerts.id, options.alertId), isNotNull(documentAlerts.alertedAt)));
}

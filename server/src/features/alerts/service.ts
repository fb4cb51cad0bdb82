import { ALERT_SUGGESTIONS_LIMIT, type AlertValues, alertMessages } from '@pactum/core/alerts';
import type { alertListSchema, alertSchema, alertSuggestionsSchema } from '@pactum/core/api/alerts';
import { alertDueAt, earliestAlertDate, zoneOrDefault } from '@pactum/core/schedule';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { documentAlerts } from '../../db/schema';
import { type ArchiveItemRow, requireArchiveItem } from '../../documents/archive-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { spendShareMailBudget } from '../sharing';
import { administersFile, alertEditorRole, requireAlertEditor } from './authorship';
import {
  type AlertWithCreator,
  accountsOf,
  findAlertWithCreator,
  listItemOpeners,
  listPendingAlerts,
  lockPendingAlert,
  recordAdministratorChange,
  recountAlerts,
  timezoneOf,
} from './queries';

/*
 * Document alerts (spec 1 §3 document alert, §4 'Alerts', §5 'Alert'): reminders on an archived
 * file, seen by everyone who may open it. Anyone who opens the file may add alerts; only an
 * alert's author and the workspace's administrators may change or remove it (`authorship.ts`),
 * an administrator's change of another's alert recorded. Each is due at 08:00 on its date in its
 * creator's timezone, fixed when it is saved; `delivery.ts` sends it. Every change locks the
 * file's row first and recounts its `alert_count` in the same transaction.
 *
 * An alert mails addresses its author chose, so (as sharing by e-mail) it needs the author's own
 * address verified, and every address added spends the author's share-mail budget.
 */

export type Alert = z.infer<typeof alertSchema>;
export type AlertList = z.infer<typeof alertListSchema>;
export type AlertSuggestions = z.infer<typeof alertSuggestionsSchema>;

/** Who acts: the session's user. */
export type AlertCaller = { id: string; email: string; emailVerified: boolean };

function toAlert(row: AlertWithCreator, canEdit: boolean): Alert {
  return {
    id: row.id,
    itemId: row.itemId,
    date: row.date,
    dueAt: row.dueAt,
    emails: row.emails,
    subject: row.subject,
    message: row.message,
    alertedAt: row.alertedAt,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    modifiedBy: row.modifiedBy,
    modifiedByName: row.modifiedByName,
    canEdit,
  };
}

/** The file the caller may open, locked for a change of its alerts; 409 for a folder. */
async function lockFile(tx: Tx, options: { itemId: string; userId: string }) {
  const item = await requireArchiveItem(tx, { ...options, forUpdate: true });
  if (item.type !== 'file') throw new AppError('alert_needs_file');
  return item;
}

/** An alert's date must be tomorrow or later in its creator's zone (by the schedulers' clock). */
function requireDateAhead(platform: Platform, date: string, timeZone: string): void {
  if (date < earliestAlertDate(platform.clock.now(), timeZone)) {
    throw new AppError(
      'alert_date_too_early',
      {},
      { fields: { date: alertMessages.en.dateTooEarly } },
    );
  }
}

/** Mail to anyone but oneself needs one's own address proven, as sharing by e-mail does. */
function requireMayMail(caller: AlertCaller, emails: string[]): void {
  const own = caller.email.toLowerCase();
  if (!caller.emailVerified && emails.some((email) => email !== own)) {
    throw new AppError('alert_needs_verified_email');
  }
}

/**
 * Spends the caller's share-mail budget on the addresses an alert gains (their own is free); 429
 * with Retry-After (`alert_mail_limit`) when it is spent, and the change rolls back.
 */
async function spendOnAddedAddresses(
  tx: Tx,
  options: { caller: AlertCaller; item: ArchiveItemRow; added: string[] },
): Promise<void> {
  const own = options.caller.email.toLowerCase();
  try {
    await spendShareMailBudget(tx, {
      userId: options.caller.id,
      documentWorkspaceId: options.item.workspaceId,
      amount: options.added.filter((email) => email !== own).length,
    });
  } catch (error) {
    // The same budgets as sharing by e-mail, told in the alert's words.
    if (error instanceof AppError && error.statusCode === 429) {
      throw new AppError('alert_mail_limit', {}, { retryAfterSeconds: error.retryAfterSeconds });
    }
    throw error;
  }
}

/** The accounts among the addresses that may open the file now: who the alert is for. */
async function alertableUserIds(db: DbOrTx, itemId: string, emails: string[]): Promise<string[]> {
  const accounts = await accountsOf(db, { itemId, emails });
  return accounts.filter((account) => account.mayOpen).map((account) => account.id);
}

/** The alert as the caller who just saved it sees it (theirs to change). */
async function answerOf(tx: DbOrTx, alertId: string): Promise<Alert> {
  const row = await findAlertWithCreator(tx, alertId);
  if (!row) throw new AppError('alert_not_found');
  return toAlert(row, true);
}

/** The file's pending alerts, each telling whether the caller may change it. */
async function pendingAlertsFor(
  db: DbOrTx,
  options: { item: ArchiveItemRow; userId: string },
): Promise<Alert[]> {
  const caller = { userId: options.userId, isAdministrator: await administersFile(db, options) };
  const rows = await listPendingAlerts(db, options.item.id);
  return rows.map((row) => toAlert(row, alertEditorRole(row, caller) !== null));
}

/** GET /archive/items/:itemId/alerts: the file's pending alerts, soonest first, and its count. */
export async function listAlerts(
  platform: Platform,
  options: { userId: string; itemId: string },
): Promise<AlertList> {
  const { db } = platform.database;
  const item = await requireArchiveItem(db, options);
  const items = await pendingAlertsFor(db, { item, userId: options.userId });
  return { items, alertCount: item.alertCount };
}

/** POST /archive/items/:itemId/alerts: a new alert on a file, due 08:00 in the caller's zone. */
export async function createAlert(
  platform: Platform,
  options: { caller: AlertCaller; itemId: string; input: AlertValues },
): Promise<Alert> {
  const { caller, input } = options;
  requireMayMail(caller, input.emails);
  return platform.database.db.transaction(async (tx) => {
    const item = await lockFile(tx, { itemId: options.itemId, userId: caller.id });
    const timeZone = zoneOrDefault(await timezoneOf(tx, caller.id));
    requireDateAhead(platform, input.date, timeZone);
    await spendOnAddedAddresses(tx, { caller, item, added: input.emails });
    const [created] = await tx
      .insert(documentAlerts)
      .values({
        itemId: item.id,
        date: input.date,
        dueAt: alertDueAt(input.date, timeZone),
        emails: input.emails,
        subject: input.subject,
        message: input.message,
        alertUserIds: await alertableUserIds(tx, item.id, input.emails),
        createdBy: caller.id,
        modifiedBy: caller.id,
      })
      .returning({ id: documentAlerts.id });
    if (!created) throw new Error('alert not created');
    await recountAlerts(tx, item.id);
    return answerOf(tx, created.id);
  });
}

/**
 * PATCH /archive/items/:itemId/alerts/:alertId: a pending alert changed by its author or a
 * workspace administrator (403 `alert_not_editable` for anyone else who opens the file). Its
 * time is worked out again in its creator's zone; a date kept as it was is not held to
 * 'tomorrow or later' again. The one who saves it is its writer from then on: the mail names
 * them, and their address and budget are the ones that count. A delivered alert is no longer
 * pending: 404 `alert_not_found`, as it is gone from the list.
 */
export async function updateAlert(
  platform: Platform,
  options: { caller: AlertCaller; itemId: string; alertId: string; input: AlertValues },
): Promise<Alert> {
  const { caller, input } = options;
  return platform.database.db.transaction(async (tx) => {
    const item = await lockFile(tx, { itemId: options.itemId, userId: caller.id });
    const alert = await lockPendingAlert(tx, { itemId: item.id, alertId: options.alertId });
    if (!alert) throw new AppError('alert_not_found');
    const role = await requireAlertEditor(tx, { item, alert, userId: caller.id });
    requireMayMail(caller, input.emails);
    const timeZone = zoneOrDefault(await timezoneOf(tx, alert.createdBy));
    if (input.date !== alert.date) requireDateAhead(platform, input.date, timeZone);
    const before = new Set(alert.emails);
    await spendOnAddedAddresses(tx, {
      caller,
      item,
      added: input.emails.filter((email) => !before.has(email)),
    });
    await tx
      .update(documentAlerts)
      .set({
        date: input.date,
        dueAt: alertDueAt(input.date, timeZone),
        emails: input.emails,
        subject: input.subject,
        message: input.message,
        alertUserIds: await alertableUserIds(tx, item.id, input.emails),
        modifiedBy: caller.id,
        modifiedAt: sql`now()`,
      })
      .where(eq(documentAlerts.id, alert.id));
    if (role === 'administrator') {
      await recordAdministratorChange(tx, {
        alert,
        workspaceId: item.workspaceId,
        actorId: caller.id,
        action: 'changed',
        after: input,
      });
    }
    await recountAlerts(tx, item.id);
    return answerOf(tx, alert.id);
  });
}

/**
 * DELETE /archive/items/:itemId/alerts/:alertId: a pending alert removed by its author or a
 * workspace administrator (403 `alert_not_editable` for anyone else who opens the file); the
 * file's pending alerts after it. A delivered one is 404 `alert_not_found`.
 */
export async function removeAlert(
  platform: Platform,
  options: { userId: string; itemId: string; alertId: string },
): Promise<AlertList> {
  return platform.database.db.transaction(async (tx) => {
    const item = await lockFile(tx, { itemId: options.itemId, userId: options.userId });
    const alert = await lockPendingAlert(tx, { itemId: item.id, alertId: options.alertId });
    if (!alert) throw new AppError('alert_not_found');
    const role = await requireAlertEditor(tx, { item, alert, userId: options.userId });
    await tx
      .delete(documentAlerts)
      .where(and(eq(documentAlerts.id, alert.id), eq(documentAlerts.itemId, item.id)));
    if (role === 'administrator') {
      await recordAdministratorChange(tx, {
        alert,
        workspaceId: item.workspaceId,
        actorId: options.userId,
        action: 'removed',
      });
    }
    const alertCount = await recountAlerts(tx, item.id);
    const items = await pendingAlertsFor(tx, { item, userId: options.userId });
    return { items, alertCount };
  });
}

/**
 * GET /archive/items/:itemId/alert-suggestions: the people who may open the file, by name, at
 * most `ALERT_SUGGESTIONS_LIMIT` (spec 1 §7 archiveUserEmails, §9).
 */
export async function suggestAlertEmails(
  platform: Platform,
  options: { userId: string; itemId: string },
): Promise<AlertSuggestions> {
  const { db } = platform.database;
  const item = await requireArchiveItem(db, options);
  const items = await listItemOpeners(db, { itemId: item.id, limit: ALERT_SUGGESTIONS_LIMIT });
  return { items };
}

import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { isWorkspaceAdministrator } from './queries';

/*
 * Who may change or remove a document alert (issue 35): its author, and the administrators of
 * the workspace the file belongs to. Everyone who may open the file reads its alerts and sets
 * their own, but an alert is mailed in its writer's name, so no colleague may rewrite or drop
 * another's. An administrator's change of someone else's alert is recorded
 * (`document_alert_event`) and its mail names the administrator (`delivery.ts`).
 *
 * The caller has already been let in to the file (`requireArchiveItem`): someone who may not
 * open it gets 404 before this rule is asked, as for everything else in the archive.
 */

/** In what right the caller may change an alert. */
export type AlertEditorRole = 'author' | 'administrator';

/**
 * The rule, once: the caller's right to change and remove the alert, or null when they may only
 * read it. Its author first, so an administrator's own alerts are theirs, not recorded changes.
 */
export function alertEditorRole(
  alert: { createdBy: string | null },
  caller: { userId: string; isAdministrator: boolean },
): AlertEditorRole | null {
  if (alert.createdBy !== null && alert.createdBy === caller.userId) return 'author';
  return caller.isAdministrator ? 'administrator' : null;
}

/** Whether the caller administers the workspace of the file (asked once per request). */
export function administersFile(
  db: DbOrTx,
  options: { item: { workspaceId: string | null }; userId: string },
): Promise<boolean> {
  return isWorkspaceAdministrator(db, {
    workspaceId: options.item.workspaceId,
    userId: options.userId,
  });
}

/**
 * The caller's right to change or remove the alert (PATCH and DELETE); 403
 * `alert_not_editable` for anyone else who may open the file.
 */
export async function requireAlertEditor(
  db: DbOrTx,
  options: {
    item: { workspaceId: string | null };
    alert: { createdBy: string | null };
    userId: string;
  },
): Promise<AlertEditorRole> {
  const role = alertEditorRole(options.alert, {
    userId: options.userId,
    isAdministrator: await administersFile(db, options),
  });
  if (!role) throw new AppError('alert_not_editable');
  return role;
}

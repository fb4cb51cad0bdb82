import type { AccessList, ShareDocumentInput } from '@pactum/core/templates';
import type { Lang } from '@pactum/core/validation';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { notifyAccess, viewersChanged } from './access-changed';
import { findLiveGroups, findMyWorkspaceIds, findUsersByEmails, selectEntries } from './queries';
import { requireManager, type SharingOptions } from './share-access';
import { mailSharedWith, type SharedMailTarget } from './share-mail';
import { upsertEntry } from './upsert-entry';

/**
 * Shares the document with people (by e-mail; an address without an account is kept and
 * attached to the account when it signs in), whole workspaces and groups of the caller's
 * workspaces. Global templates are not shared with groups.
 */
export async function shareDocument(
  platform: Platform,
  options: SharingOptions & { caller: { lang: Lang }; input: ShareDocumentInput },
): Promise<AccessList> {
  const { input, caller } = options;
  // Mail to addresses the sharer chose needs an address of their own that is proven: else any
  // throwaway account relays our mails (issue 22 §6). Workspaces and groups are mailed nothing.
  const ownEmail = caller.email.toLowerCase();
  if (!caller.emailVerified && (input.emails ?? []).some((email) => email !== ownEmail)) {
    throw new AppError('share_needs_verified_email');
  }
  return platform.database.db.transaction(async (tx) => {
    const grant = await requireManager(platform, tx, options);
    const groupIds = [...new Set(input.groupIds ?? [])];
    const workspaceIds = [...new Set(input.workspaceIds ?? [])];
    // The sharer's own address is left out: sharing never changes one's own role.
    const emails = [...new Set(input.emails ?? [])].filter(
      (email) => email !== caller.email.toLowerCase(),
    );
    if (groupIds.length > 0 && grant.isGlobal) {
      throw new AppError('groups_not_for_global');
    }
    const myWorkspaces = await findMyWorkspaceIds(tx, caller.id);
    // A workspace or group is shared with only by its members (administrators: any).
    for (const id of workspaceIds) {
      if (!myWorkspaces.has(id) && !grant.isAdmin) throw new AppError('not_found');
    }
    if (groupIds.length > 0) {
      const groups = await findLiveGroups(tx, groupIds);
      for (const id of groupIds) {
        const group = groups.find((candidate) => candidate.id === id);
        if (!group || (!myWorkspaces.has(group.workspaceId) && !grant.isAdmin)) {
          throw new AppError('not_found');
        }
      }
    }
    const registered = emails.length > 0 ? await findUsersByEmails(tx, emails) : [];
    const told: SharedMailTarget[] = [];
    let isDowngrade = false;
    for (const email of emails) {
      const user = registered.find((candidate) => candidate.email.toLowerCase() === email);
      const result = await upsertEntry(
        tx,
        grant,
        user ? { userId: user.id, email } : { email },
        input.role,
        caller.id,
      );
      isDowngrade ||= result.isDowngrade;
      if (result.isNew) {
        told.push({ email, lang: user?.lang ?? caller.lang, isRegistered: Boolean(user) });
      }
    }
    await mailSharedWith(platform, tx, { grant, caller, role: input.role, targets: told });
    for (const workspaceId of workspaceIds) {
      const result = await upsertEntry(tx, grant, { workspaceId }, input.role, caller.id);
      isDowngrade ||= result.isDowngrade;
    }
    for (const groupId of groupIds) {
      const result = await upsertEntry(tx, grant, { groupId }, input.role, caller.id);
      isDowngrade ||= result.isDowngrade;
    }
    const entries = await selectEntries(tx, grant);
    // Sharing again with 'view' must not leave the document (or a deal's side) without an
    // editor, as changing the role directly cannot.
    if (isDowngrade && !entries.some((entry) => entry.role === 'edit')) {
      throw new AppError('last_editor');
    }
    await notifyAccess(platform, tx, grant);
    await viewersChanged(platform, tx, grant);
    return { entries, canManage: true };
  });
}

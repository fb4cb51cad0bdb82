import { refreshHomeCounts } from '../../../documents/counters';
import { requireAdministrator } from '../../../documents/workspace-access';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import { removeFromWorkspaceGroups } from '../groups/queries';
import { notifyWorkspace } from '../notify-workspace';
import { deleteMember, listAdministrators } from './queries';

/** Removes a member (administrators); the last administrator stays. */
export async function removeMember(
  platform: Platform,
  options: { userId: string; workspaceId: string; memberId: string },
) {
  await platform.database.db.transaction(async (tx) => {
    await requireAdministrator(tx, options);
    const admins = await listAdministrators(tx, options.workspaceId);
    if (admins.length === 1 && admins[0]?.userId === options.memberId) {
      throw new AppError('last_administrator');
    }
    const removed = await deleteMember(tx, options.workspaceId, options.memberId);
    if (removed.length === 0) throw new AppError('not_found');
    await removeFromWorkspaceGroups(tx, options.workspaceId, options.memberId);
    // Counted once the workspace's and its groups' entries no longer reach them: its deals
    // leave every list and counter of theirs with this commit.
    await refreshHomeCounts(platform, tx, options.memberId);
    await notifyWorkspace(platform, tx, options.workspaceId, 'members.changed');
  });
}

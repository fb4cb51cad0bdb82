import { requireAdministrator } from '../../../documents/workspace-access';
import type { Platform } from '../../../platform/platform';
import { notifyWorkspace } from '../notify-workspace';
import { requireGroup } from './group-rules';
import { listGroupMembers, markGroupDeleted } from './queries';
import { refreshMembersCounts } from './refresh-members-counts';

/** Removes a group (administrators); it is kept as deleted for the access records that name it. */
export async function deleteGroup(
  platform: Platform,
  options: { userId: string; workspaceId: string; groupId: string },
) {
  await platform.database.db.transaction(async (tx) => {
    await requireAdministrator(tx, options);
    await requireGroup(tx, options.workspaceId, options.groupId);
    await markGroupDeleted(tx, options.groupId);
    // A deleted group's entries reach nobody: its members' lists lose its documents.
    const members = await listGroupMembers(tx, options.groupId);
    await refreshMembersCounts(
      platform,
      tx,
      members.map((row) => row.userId),
    );
    await notifyWorkspace(platform, tx, options.workspaceId, 'groups.changed');
  });
}

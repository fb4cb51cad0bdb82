import { requireAdministrator } from '../../../documents/workspace-access';
import type { Platform } from '../../../platform/platform';
import { notifyWorkspace } from '../notify-workspace';
import { checkGroupMembers, requireGroup } from './group-rules';
import { deleteGroupMembers, insertGroupMembers, setGroupText } from './queries';
import { refreshMembersCounts } from './refresh-members-counts';

/** Changes a group's name, description and members (administrators). */
export async function updateGroup(
  platform: Platform,
  options: {
    userId: string;
    workspaceId: string;
    groupId: string;
    name: string;
    description: string;
    memberIds: string[];
  },
) {
  await platform.database.db.transaction(async (tx) => {
    await requireAdministrator(tx, options);
    await requireGroup(tx, options.workspaceId, options.groupId);
    const memberIds = await checkGroupMembers(tx, options.workspaceId, options.memberIds);
    await setGroupText(tx, options.groupId, {
      name: options.name,
      description: options.description,
    });
    const former = await deleteGroupMembers(tx, options.groupId);
    await insertGroupMembers(tx, options.groupId, memberIds);
    // Who left and who joined: the group's documents leave or join their lists.
    await refreshMembersCounts(platform, tx, [...former.map((row) => row.userId), ...memberIds]);
    await notifyWorkspace(platform, tx, options.workspaceId, 'groups.changed');
  });
}

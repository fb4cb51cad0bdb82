import { requireAdministrator } from '../../../documents/workspace-access';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import { notifyWorkspace } from '../notify-workspace';
import { checkGroupMembers } from './group-rules';
import { insertGroup, insertGroupMembers } from './queries';
import { refreshMembersCounts } from './refresh-members-counts';

/** Creates a group (administrators). */
export async function createGroup(
  platform: Platform,
  options: {
    userId: string;
    workspaceId: string;
    name: string;
    description: string;
    memberIds: string[];
  },
) {
  return platform.database.db.transaction(async (tx) => {
    await requireAdministrator(tx, options);
    const memberIds = await checkGroupMembers(tx, options.workspaceId, options.memberIds);
    const group = await insertGroup(tx, {
      workspaceId: options.workspaceId,
      name: options.name,
      description: options.description,
      createdBy: options.userId,
    });
    if (!group) throw new AppError('conflict');
    await insertGroupMembers(tx, group.id, memberIds);
    await refreshMembersCounts(platform, tx, memberIds);
    await notifyWorkspace(platform, tx, options.workspaceId, 'groups.changed');
    return { id: group.id };
  });
}

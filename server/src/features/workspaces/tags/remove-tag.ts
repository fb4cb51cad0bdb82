import { requireMember } from '../../../documents/workspace-access';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import { notifyWorkspace } from '../notify-workspace';
import { deleteTag } from './queries';

/** Removes a tag from a workspace (any member). */
export async function removeTag(
  platform: Platform,
  options: { userId: string; workspaceId: string; tagId: string },
) {
  await platform.database.db.transaction(async (tx) => {
    await requireMember(tx, options);
    const removed = await deleteTag(tx, options.workspaceId, options.tagId);
    if (removed.length === 0) throw new AppError('not_found');
    await notifyWorkspace(platform, tx, options.workspaceId, 'tags.changed');
  });
}

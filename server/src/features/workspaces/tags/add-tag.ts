import { DEMO_WORKSPACE_ID } from '@pactum/core/billing';
import { requireMember } from '../../../documents/workspace-access';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import { notifyWorkspace } from '../notify-workspace';
import { insertTag } from './queries';

/**
 * Adds a tag to a workspace (any member). An empty name is ignored; a name the workspace
 * already has (ignoring case) is 'Tag %s already exists'. The demo workspace takes no tags.
 */
export async function addTag(
  platform: Platform,
  options: { userId: string; workspaceId: string; tag: string },
) {
  const tag = options.tag.trim();
  if (!tag) return null;
  if (options.workspaceId === DEMO_WORKSPACE_ID) throw new AppError('not_found');
  return platform.database.db.transaction(async (tx) => {
    await requireMember(tx, options);
    const created = await insertTag(tx, {
      workspaceId: options.workspaceId,
      tag,
      createdBy: options.userId,
    });
    if (!created) throw new AppError('tag_exists', { tag });
    await notifyWorkspace(platform, tx, options.workspaceId, 'tags.changed');
    return created;
  });
}

import { refreshHomeCounts } from '../../documents/counters';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { publishDraft } from './publish-draft';
import { markDraftDeleted } from './queries';
import { requireDraft, requireUnsent } from './require-draft';

/** `DELETE /drafts/:id`: only the creator, and only a draft not sent; kept as deleted. */
export async function deleteDraft(
  platform: Platform,
  options: { userId: string; draftId: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, options);
    if (draft.createdBy !== options.userId) {
      throw new AppError('draft_creator_only_delete');
    }
    requireUnsent(draft);
    await markDraftDeleted(tx, { draftId: draft.id, userId: options.userId });
    await publishDraft(platform, tx, draft.id, 'document.deleted');
    await refreshHomeCounts(platform, tx, options.userId);
  });
}

import type { DraftDetail, UpdateDraftInput } from '@pactum/core/drafts';
import type { drafts } from '../../db/schema';
import { requireMember } from '../../documents/workspace-access';
import type { Platform } from '../../platform/platform';
import { getDraft } from './get-draft';
import { publishDraft } from './publish-draft';
import { updateDraftRow } from './queries';
import { requireDraft, requireUnsent } from './require-draft';

/** `PATCH /drafts/:id` by an editor, while the draft is not sent. */
export async function updateDraft(
  platform: Platform,
  options: { userId: string; draftId: string; input: UpdateDraftInput },
): Promise<DraftDetail> {
  const { input } = options;
  await platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, { ...options, role: 'edit' });
    requireUnsent(draft);
    if (input.workspaceId) {
      await requireMember(tx, { workspaceId: input.workspaceId, userId: options.userId });
    }
    const changes: Partial<typeof drafts.$inferInsert> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.abstract !== undefined) changes.abstract = input.abstract;
    if (input.parties !== undefined) changes.parties = input.parties;
    if (input.dealProcess !== undefined) changes.dealProcess = input.dealProcess;
    if (input.batchName !== undefined) changes.batchName = input.batchName || null;
    if (input.senderMessage !== undefined) changes.senderMessage = input.senderMessage || null;
    if (input.workspaceId !== undefined) changes.workspaceId = input.workspaceId;
    if (input.visibility !== undefined) changes.visibility = input.visibility;
    await updateDraftRow(tx, { draftId: draft.id, userId: options.userId, changes });
    await publishDraft(platform, tx, draft.id, 'document.changed');
  });
  return getDraft(platform, options);
}

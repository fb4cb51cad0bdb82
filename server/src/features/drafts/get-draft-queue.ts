import type { DraftQueue } from '@pactum/core/drafts';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { getQueue } from './receiver-queries';
import { requireDraft } from './require-draft';

/** `GET /drafts/:id/queue`: the send progress of a draft the user can reach; 404 before sending. */
export async function getDraftQueue(
  platform: Platform,
  options: { userId: string; draftId: string },
): Promise<DraftQueue> {
  const { db } = platform.database;
  const { draft } = await requireDraft(db, options);
  const queue = await getQueue(db, draft.id);
  if (!queue) throw new AppError('not_found');
  return queue;
}

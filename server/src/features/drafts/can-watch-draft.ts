import { resolveAccess } from '../../documents/access';
import type { Platform } from '../../platform/platform';

/** Whether the user may watch the draft's live topic (`draft:<id>`): any access to it. */
export async function canWatchDraft(
  platform: Platform,
  options: { userId: string; draftId: string },
): Promise<boolean> {
  const access = await resolveAccess(platform.database.db, {
    collection: 'drafts',
    documentId: options.draftId,
    userId: options.userId,
  });
  return access !== null;
}

import type { AccessRole } from '@pactum/core/documents';
import type { DbOrTx } from '../../db/client';
import { requireAccess } from '../../documents/access';
import { AppError } from '../../http/app-error';
import { type DraftRecord, findLiveDraft } from './queries';

/**
 * A live (not deleted) draft the user can reach, with their access; 404 when there is none or
 * no access, 403 when `edit` is needed and the user has only `view`.
 */
export async function requireDraft(
  db: DbOrTx,
  options: { draftId: string; userId: string; role?: AccessRole },
) {
  const draft = await findLiveDraft(db, options.draftId);
  if (!draft) throw new AppError('not_found');
  const access = await requireAccess(db, {
    collection: 'drafts',
    documentId: draft.id,
    userId: options.userId,
    ...(options.role ? { role: options.role } : {}),
  });
  return { draft, access };
}

/** A draft that can still change: not sent. */
export function requireUnsent(draft: DraftRecord) {
  if (draft.sentAt) throw new AppError('draft_already_sent');
}

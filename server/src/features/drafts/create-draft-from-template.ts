import type { DraftDetail } from '@pactum/core/drafts';
import { requireAccess } from '../../documents/access';
import { appendEvent } from '../../documents/audit-chain';
import { refreshHomeCounts } from '../../documents/counters';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { copySections } from '../sections';
import { grantTokenWorkspaceAccess } from '../sharing';
import { getDraft } from './get-draft';
import {
  findLiveTemplate,
  findTemplateEntries,
  insertAccessEntriesIfNew,
  insertAccessEntry,
  insertDraft,
} from './queries';

/**
 * `draft-create` (spec 2 §4.4): a draft from a template the user can read, visibility team;
 * the template's sections copied in one batch, the creator given edit access, the template's
 * access entries copied unless it is global; event document-create.
 */
export async function createDraftFromTemplate(
  platform: Platform,
  options: { userId: string; templateId: string },
): Promise<DraftDetail> {
  const { db } = platform.database;
  const draftId = await db.transaction(async (tx) => {
    const template = await findLiveTemplate(tx, options.templateId);
    if (!template) throw new AppError('not_found');
    if (!template.isGlobal) {
      await requireAccess(tx, {
        collection: 'templates',
        documentId: template.id,
        userId: options.userId,
      });
    }
    const draft = await insertDraft(tx, {
      title: template.title,
      abstract: template.abstract,
      templateId: template.id,
      templateTitle: template.title,
      language: template.language,
      visibility: 'team',
      parties: template.parties,
      price: template.price,
      createdBy: options.userId,
      modifiedBy: options.userId,
    });
    if (!draft) throw new Error('draft not created');

    await copySections(tx, {
      from: { collection: 'templates', documentId: template.id },
      to: { collection: 'drafts', documentId: draft.id },
      userId: options.userId,
    });

    await insertAccessEntry(tx, {
      collection: 'drafts',
      documentId: draft.id,
      userId: options.userId,
      role: 'edit',
      party: 'sender',
      createdBy: options.userId,
    });
    await grantTokenWorkspaceAccess(tx, {
      collection: 'drafts',
      documentId: draft.id,
      userId: options.userId,
      role: 'edit',
      party: 'sender',
    });
    if (!template.isGlobal) {
      const entries = await findTemplateEntries(tx, template.id);
      const copied = entries.filter((entry) => entry.userId !== options.userId);
      if (copied.length > 0) {
        await insertAccessEntriesIfNew(
          tx,
          copied.map((entry) => ({
            collection: 'drafts' as const,
            documentId: draft.id,
            userId: entry.userId,
            email: entry.email,
            workspaceId: entry.workspaceId,
            groupId: entry.groupId,
            role: entry.role,
            party: 'sender' as const,
            createdBy: options.userId,
          })),
        );
      }
    }
    await appendEvent(tx, {
      collection: 'drafts',
      documentId: draft.id,
      event: 'document-create',
      userId: options.userId,
      data: { templateId: template.id },
    });
    await refreshHomeCounts(platform, tx, options.userId);
    return draft.id;
  });
  return getDraft(platform, { userId: options.userId, draftId });
}

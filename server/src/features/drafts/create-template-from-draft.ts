import { appendEvent } from '../../documents/audit-chain';
import type { Platform } from '../../platform/platform';
import { copySections } from '../sections';
import { grantTokenWorkspaceAccess } from '../sharing';
import { findTemplateOrigin, insertAccessEntry, insertTemplateRow } from './queries';
import { requireDraft } from './require-draft';

/**
 * `POST /drafts/:id/template`: a new template made of the draft's title, abstract, parties
 * and sections; the user gets edit access to it.
 */
export async function createTemplateFromDraft(
  platform: Platform,
  options: { userId: string; draftId: string; title?: string | undefined },
): Promise<{ templateId: string }> {
  return platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, options);
    const source = await findTemplateOrigin(tx, draft.templateId);
    const template = await insertTemplateRow(tx, {
      title: options.title ?? draft.title,
      abstract: draft.abstract,
      category: source?.category ?? null,
      language: draft.language,
      region: source?.region ?? null,
      parties: draft.parties,
      fromCollection: 'drafts',
      fromDocumentId: draft.id,
      createdBy: options.userId,
      modifiedBy: options.userId,
    });
    if (!template) throw new Error('template not created');
    await copySections(tx, {
      from: { collection: 'drafts', documentId: draft.id },
      to: { collection: 'templates', documentId: template.id },
      userId: options.userId,
    });
    await insertAccessEntry(tx, {
      collection: 'templates',
      documentId: template.id,
      userId: options.userId,
      role: 'edit',
      createdBy: options.userId,
    });
    await grantTokenWorkspaceAccess(tx, {
      collection: 'templates',
      documentId: template.id,
      userId: options.userId,
      role: 'edit',
    });
    await appendEvent(tx, {
      collection: 'templates',
      documentId: template.id,
      event: 'document-create',
      userId: options.userId,
      data: { fromDraftId: draft.id },
    });
    return { templateId: template.id };
  });
}

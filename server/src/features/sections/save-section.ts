import { contentOptionsError, type SaveSectionInput, type Section } from '@pactum/core/templates';
import type { templateSections } from '../../db/schema';
import { requireDocument } from '../../documents/require-document';
import { AppError } from '../../http/app-error';
import { sanitizeHtml } from '../../platform/html/sanitize';
import type { Platform } from '../../platform/platform';
import { listSections } from './list-sections';
import { findSectionRowLocked, updateSection } from './queries';
import { type SectionOptions, sectionsChanged } from './section-change';
import { fail, findSection, refuseOthersLock } from './section-rules';

const sanitizeOptional = (html: string | null | undefined) =>
  html === null || html === undefined ? null : sanitizeHtml(html);

/**
 * Saves a section the caller has open (their lock) and closes it: title, help and content
 * options, every HTML through the allow-list sanitiser. The content-option rules hold (the
 * first option stays first, at most 26, the default among them). Parties and signers blocks
 * keep their content; only their title and help change.
 */
export async function saveSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string; input: SaveSectionInput },
): Promise<Section> {
  const { collection, documentId, caller, sectionId, input } = options;
  return platform.database.db.transaction(async (tx) => {
    await requireDocument(platform, tx, { collection, documentId, caller, role: 'edit' });
    const row = await findSectionRowLocked(tx, collection, sectionId);
    const section = await findSection(await listSections(tx, collection, documentId), sectionId);
    if (!row) throw new AppError('not_found');
    refuseOthersLock(section, caller.id);
    if (row.lockedBy !== caller.id) throw fail('sectionNotLocked');

    const changes: Partial<typeof templateSections.$inferInsert> = {
      title: input.title,
      ...(input.help !== undefined ? { help: sanitizeOptional(input.help) } : {}),
      lockedBy: null,
      lockedAt: null,
      modifiedBy: caller.id,
      modifiedAt: new Date(),
    };
    if (input.editLock !== undefined && collection === 'templates') {
      changes.editLock = input.editLock;
    }
    if (row.type === 'normal') {
      const content = input.content.map((option) => ({
        id: option.id,
        html: sanitizeHtml(option.html),
        ...(option.help !== undefined ? { help: sanitizeHtml(option.help) } : {}),
      }));
      const error = contentOptionsError(content, input.defaultContentId, row.content);
      if (error) throw fail(error);
      changes.content = content;
      changes.defaultContentId = input.defaultContentId ?? content[0]?.id ?? null;
    }
    await updateSection(tx, collection, sectionId, changes);
    await sectionsChanged(platform, tx, {
      collection,
      documentId,
      caller,
      sectionId,
      event: 'section-edit',
      data: { title: input.title },
    });
    return findSection(await listSections(tx, collection, documentId), sectionId);
  });
}

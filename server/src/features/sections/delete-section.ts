import { renumberSections } from '@pactum/core/templates';
import type { Platform } from '../../platform/platform';
import { applyPlaces, markSectionsDeleted } from './queries';
import { type SectionOptions, sectionsChanged, sectionsForChange } from './section-change';
import { fail, findSection, refuseOthersLock } from './section-rules';

/**
 * Removes an ordinary section and its subsections and renumbers the rest. The parties and
 * signers blocks cannot be removed; a section someone else has open cannot either.
 */
export async function deleteSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string },
): Promise<void> {
  const { collection, documentId, caller, sectionId } = options;
  await platform.database.db.transaction(async (tx) => {
    const current = await sectionsForChange(platform, tx, options);
    const section = await findSection(current, sectionId);
    if (section.type !== 'normal') throw fail('sectionCannotRemove');
    const removed = current.filter(
      (candidate) => candidate.id === sectionId || candidate.parentId === sectionId,
    );
    for (const candidate of removed) refuseOthersLock(candidate, caller.id);
    await markSectionsDeleted(
      tx,
      collection,
      removed.map((candidate) => candidate.id),
    );
    const rest = current.filter((candidate) => !removed.includes(candidate));
    await applyPlaces(tx, collection, rest, renumberSections(rest));
    await sectionsChanged(platform, tx, {
      collection,
      documentId,
      caller,
      sectionId,
      event: 'section-delete',
      data: { title: section.title },
    });
  });
}

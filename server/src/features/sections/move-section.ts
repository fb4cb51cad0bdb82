import { type MoveDirection, moveSection as moveRule, type Section } from '@pactum/core/templates';
import type { Platform } from '../../platform/platform';
import { listSections } from './list-sections';
import { applyPlaces } from './queries';
import { type SectionOptions, sectionsChanged, sectionsForChange } from './section-change';
import { fail, findSection } from './section-rules';

/**
 * Moves a section up, down, in or out (spec 2 §4.1) and renumbers every section of the document
 * in one transaction. Parties stays first and signers last.
 */
export async function moveSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string; direction: MoveDirection },
): Promise<{ sections: Section[] }> {
  const { collection, documentId, caller, sectionId, direction } = options;
  return platform.database.db.transaction(async (tx) => {
    const current = await sectionsForChange(platform, tx, options);
    await findSection(current, sectionId);
    const moved = moveRule(current, sectionId, direction);
    if (!moved.ok) throw fail(moved.error);
    await applyPlaces(tx, collection, current, moved.value);
    await sectionsChanged(platform, tx, { collection, documentId, caller, sectionId });
    return { sections: await listSections(tx, collection, documentId) };
  });
}

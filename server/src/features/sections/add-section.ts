import { randomUUID } from 'node:crypto';
import type { ContentOption } from '@pactum/core/documents';
import { type AddSectionInput, placeNewSection, type Section } from '@pactum/core/templates';
import type { Platform } from '../../platform/platform';
import { listSections } from './list-sections';
import { applyPlaces, insertSections } from './queries';
import { type SectionOptions, sectionsChanged, sectionsForChange } from './section-change';
import { fail, findSection } from './section-rules';

/** A new section's one empty content option. */
const emptyContent = (): { content: ContentOption[]; defaultContentId: string } => {
  const id = randomUUID();
  return { content: [{ id, html: '' }], defaultContentId: id };
};

/**
 * Adds an ordinary section after a section, as the last child of a parent, or before the
 * signers (spec 2 §4.1), renumbering the document in the same transaction.
 */
export async function addSection(
  platform: Platform,
  options: SectionOptions & { input: AddSectionInput },
): Promise<Section> {
  const { collection, documentId, caller, input } = options;
  return platform.database.db.transaction(async (tx) => {
    const current = await sectionsForChange(platform, tx, options);
    const id = randomUUID();
    const placed = placeNewSection(current, id, {
      afterSectionId: input.afterSectionId ?? null,
      parentId: input.parentId ?? null,
    });
    if (!placed.ok) throw fail(placed.error);
    const place = placed.value.find((candidate) => candidate.id === id);
    if (!place) throw fail('sectionGenerateFail');
    await applyPlaces(
      tx,
      collection,
      current,
      placed.value.filter((candidate) => candidate.id !== id),
    );
    await insertSections(tx, collection, documentId, [
      {
        id,
        parentId: place.parentId,
        position: place.position,
        type: 'normal',
        title: input.title ?? '',
        ...emptyContent(),
        createdBy: caller.id,
        modifiedBy: caller.id,
      },
    ]);
    await sectionsChanged(platform, tx, {
      collection,
      documentId,
      caller,
      sectionId: id,
      event: 'section-create',
    });
    return findSection(await listSections(tx, collection, documentId), id);
  });
}

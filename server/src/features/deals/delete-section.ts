import type { Platform } from '../../platform/platform';
import { afterChange } from './after-change';
import type { SectionOptions } from './deal-context';
import { deleteSectionAndChildren, findLiveChildrenLocked } from './section-queries';
import { ensureAllowed, ensureNotLockedByOther, startSectionWrite } from './section-rules';

/** Deletes a section that is not agreed (and its sub-sections). */
export async function deleteDealSection(
  platform: Platform,
  options: SectionOptions,
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const { context, party, section } = await startSectionWrite(tx, options);
    ensureAllowed({ action: 'delete', section, party, dealState: context.deal.state });
    // Its subsections go with it, so each must be deletable too: an agreed subsection or one
    // another user is editing keeps the whole section.
    const children = await findLiveChildrenLocked(tx, {
      dealId: options.dealId,
      parentId: section.id,
    });
    for (const child of children) {
      await ensureNotLockedByOther(tx, child, options.userId, new Date());
      ensureAllowed({ action: 'delete', section: child, party, dealState: context.deal.state });
    }
    await deleteSectionAndChildren(tx, {
      dealId: options.dealId,
      sectionId: section.id,
      userId: options.userId,
    });
    await afterChange(platform, tx, {
      context,
      party,
      event: 'section-delete',
      liveType: 'sections.changed',
      section: { id: section.id, title: section.title },
    });
  });
}

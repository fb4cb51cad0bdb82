import { type Section, sectionEventTypes } from '@pactum/core/templates';
import type { Platform } from '../../platform/platform';
import { listSections } from './list-sections';
import { releaseUserLocks, updateSection } from './queries';
import { publish, type SectionOptions, sectionsForChange } from './section-change';
import { findSection, refuseOthersLock } from './section-rules';

/**
 * Opens a section for editing by the caller: one section in edit at a time per user, so the
 * caller's other locks in the document are released (the editor saves the open section before
 * it opens another). Another user's live lock refuses with 'Locked by %s'; a lock older than
 * thirty minutes is stale and may be taken over; re-locking one's own section renews it.
 */
export async function lockSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string },
): Promise<Section> {
  const { collection, documentId, caller, sectionId } = options;
  return platform.database.db.transaction(async (tx) => {
    const section = await findSection(await sectionsForChange(platform, tx, options), sectionId);
    refuseOthersLock(section, caller.id);
    await releaseUserLocks(tx, collection, { documentId, userId: caller.id });
    await updateSection(tx, collection, sectionId, { lockedBy: caller.id, lockedAt: new Date() });
    await publish(platform, tx, collection, documentId, sectionEventTypes.sectionLocked, {
      sectionId,
      userId: caller.id,
    });
    return findSection(await listSections(tx, collection, documentId), sectionId);
  });
}

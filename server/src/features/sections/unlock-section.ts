import { sectionEventTypes } from '@pactum/core/templates';
import { requireDocument } from '../../documents/require-document';
import type { Platform } from '../../platform/platform';
import { listSections } from './list-sections';
import { releaseSectionLock } from './queries';
import { publish, type SectionOptions } from './section-change';
import { findSection, refuseOthersLock } from './section-rules';

/** Closes the caller's editor on a section without saving. Another user's lock: 'Locked by %s'. */
export async function unlockSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string },
): Promise<void> {
  const { collection, documentId, caller, sectionId } = options;
  await platform.database.db.transaction(async (tx) => {
    await requireDocument(platform, tx, { collection, documentId, caller, role: 'edit' });
    const section = await findSection(await listSections(tx, collection, documentId), sectionId);
    refuseOthersLock(section, caller.id);
    const released = await releaseSectionLock(tx, collection, { sectionId, userId: caller.id });
    if (released.length > 0) {
      await publish(platform, tx, collection, documentId, sectionEventTypes.sectionLocked, {
        sectionId,
        userId: null,
      });
    }
  });
}

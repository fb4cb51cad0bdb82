import type { DealSectionChange } from '@pactum/core/deals';
import type { Platform } from '../../platform/platform';
import { loadContext, requireActor, type SectionOptions } from './deal-context';
import { sectionChange, unchangedDeal } from './section-change';
import { setSectionLock } from './section-queries';
import { lockedSection } from './section-rules';
import { viewOfRow } from './section-view';

/** Closes the caller's editor on a section (cancel). Another user's lock is left alone. */
export async function unlockDealSection(
  platform: Platform,
  options: SectionOptions,
): Promise<DealSectionChange> {
  return platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, options);
    requireActor(context);
    const section = await lockedSection(tx, options);
    const after = await unchangedDeal(tx, context);
    if (section.lockedBy !== options.userId) {
      return sectionChange(tx, context, { section: viewOfRow(section), after });
    }
    await setSectionLock(tx, section.id, { lockedBy: null, lockedAt: null });
    await platform.realtime.publish(tx, {
      topic: `deal:${options.dealId}`,
      type: 'section.locked',
      data: { sectionId: section.id },
    });
    return sectionChange(tx, context, {
      section: viewOfRow({ ...section, lockedBy: null, lockedAt: null }),
      after,
    });
  });
}

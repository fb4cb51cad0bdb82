import type { DealSectionChange } from '@pactum/core/deals';
import type { Platform } from '../../platform/platform';
import type { SectionOptions } from './deal-context';
import { sectionChange, unchangedDeal } from './section-change';
import { releaseOtherLocks, setSectionLock } from './section-queries';
import { ensureAllowed, startSectionWrite } from './section-rules';
import { viewOfRow } from './section-view';

/** Opens a section for editing: one user, one section at a time; 'Locked by %s' otherwise. */
export async function lockDealSection(
  platform: Platform,
  options: SectionOptions,
): Promise<DealSectionChange> {
  return platform.database.db.transaction(async (tx) => {
    const { context, party, section, states, names, now } = await startSectionWrite(tx, options);
    ensureAllowed({ action: 'edit', section, party, dealState: context.deal.state });
    await setSectionLock(tx, section.id, { lockedBy: options.userId, lockedAt: now });
    const unlockedSectionIds = await releaseOtherLocks(tx, {
      ...options,
      keepSectionId: section.id,
    });
    await platform.realtime.publish(tx, {
      topic: `deal:${options.dealId}`,
      type: 'section.locked',
      data: { sectionId: section.id, unlockedSectionIds },
    });
    return sectionChange(tx, context, {
      section: viewOfRow({ ...section, lockedBy: options.userId, lockedAt: now }),
      after: await unchangedDeal(tx, context, states),
      unlockedSectionIds,
      names,
    });
  });
}

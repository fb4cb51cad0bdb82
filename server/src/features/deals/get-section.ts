import type { DealSectionChange } from '@pactum/core/deals';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { loadContext, type SectionOptions } from './deal-context';
import { sectionChange, unchangedDeal } from './section-change';
import { findSectionView } from './section-queries';

/**
 * GET /deals/:dealId/sections/:sectionId: one section as the deal's page shows it, with the
 * deal's figures (what a browser refreshes when a live event names the section).
 */
export async function getDealSection(
  platform: Platform,
  options: SectionOptions,
): Promise<DealSectionChange> {
  const { db } = platform.database;
  const context = await loadContext(db, options);
  const section = await findSectionView(db, options);
  if (!section) throw new AppError('not_found');
  return sectionChange(db, context, { section, after: await unchangedDeal(db, context) });
}

import type { DealSectionChange } from '@pactum/core/deals';
import type { Platform } from '../../platform/platform';
import type { SectionOptions } from './deal-context';
import { decideDealSection } from './section-decision';

/** Opens an agreed section again for negotiation (the web asks the spec's confirmation first). */
export function reopenDealSection(
  platform: Platform,
  options: SectionOptions & { baseLogLength: number },
): Promise<DealSectionChange> {
  return decideDealSection(platform, options, 'reopen');
}

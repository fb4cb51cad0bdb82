import type { DealSectionChange } from '@pactum/core/deals';
import type { Platform } from '../../platform/platform';
import type { SectionOptions } from './deal-context';
import { decideDealSection } from './section-decision';

/** Agrees to the section's current version (the one the client saw). */
export function agreeDealSection(
  platform: Platform,
  options: SectionOptions & { baseLogLength: number },
): Promise<DealSectionChange> {
  return decideDealSection(platform, options, 'agree');
}

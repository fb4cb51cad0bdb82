import type { Tx } from '../../../db/client';
import { refreshHomeCounts } from '../../../documents/counters';
import type { Platform } from '../../../platform/platform';

/** Fresh drawer counters for users whose groups changed, each once. */
export async function refreshMembersCounts(platform: Platform, tx: Tx, userIds: string[]) {
  for (const userId of new Set(userIds)) await refreshHomeCounts(platform, tx, userId);
}

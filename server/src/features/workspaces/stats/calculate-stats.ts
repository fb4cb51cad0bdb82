import type { WorkspaceStats } from '../../../db/schema';
import { requireMember } from '../../../documents/workspace-access';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import { countStats, lockStats, saveStats } from './queries';

/**
 * Stats are counted again at most once a day, unless none are stored yet or the ledger marked
 * them out of date (`statsCalculatedAt` null: every credit change does, see `applyCreditChange`).
 */
export const STATS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * calculateWorkspaceStats (spec 3 §4 'Stats'): recounts the workspace's figures from the tables,
 * unless a count younger than 24 hours is stored (then `isSkipped`, with that count).
 *
 * The count runs under a lock on the workspace row, the row every credit change updates: a
 * purchase or a send either commits before the count (and is in it) or waits for it (and then
 * marks the stored count out of date). Without the lock a purchase landing mid-count would be
 * missing from a count that then claims to be fresh for a day.
 */
export async function calculateStats(
  platform: Platform,
  options: { userId: string; workspaceId: string; now?: Date },
): Promise<{ isSkipped: boolean; stats: WorkspaceStats | null }> {
  const now = options.now ?? new Date();
  return platform.database.db.transaction(async (tx) => {
    await requireMember(tx, options);
    const workspace = await lockStats(tx, options.workspaceId);
    if (!workspace) throw new AppError('not_found');
    if (
      workspace.stats &&
      workspace.statsCalculatedAt &&
      now.getTime() - workspace.statsCalculatedAt.getTime() < STATS_MAX_AGE_MS
    ) {
      return { isSkipped: true, stats: workspace.stats };
    }
    const { workspaceId } = options;
    const stats = await countStats(tx, workspaceId);
    await saveStats(tx, workspaceId, stats, now);
    await platform.realtime.publish(tx, {
      topic: `workspace:${workspaceId}`,
      type: 'stats.changed',
    });
    return { isSkipped: false, stats };
  });
}

import { and, count, eq, isNull, sum } from 'drizzle-orm';
import {
  creditTransactions,
  deals,
  type WorkspaceStats,
  workspaceGroups,
  workspaceMembers,
  workspaces,
  workspaceTags,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { requireMember } from './access';

/**
 * Stats are counted again at most once a day, unless none are stored yet or the ledger marked
 * them out of date (`statsCalculatedAt` null: every credit change does, see `applyCreditChange`).
 */
export const STATS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * calculateWorkspaceStats (spec 3 §4 'Stats'): recounts the workspace's figures from the tables,
 * unless a count younger than 24 hours is stored (then `isSkipped`, with that count). Areas not
 * built yet count zero.
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
    const [workspace] = await tx
      .select({ stats: workspaces.stats, statsCalculatedAt: workspaces.statsCalculatedAt })
      .from(workspaces)
      .where(eq(workspaces.id, options.workspaceId))
      .for('update');
    if (!workspace) throw new AppError('not_found');
    if (
      workspace.stats &&
      workspace.statsCalculatedAt &&
      now.getTime() - workspace.statsCalculatedAt.getTime() < STATS_MAX_AGE_MS
    ) {
      return { isSkipped: true, stats: workspace.stats };
    }
    const { workspaceId } = options;
    const byState = await tx
      .select({ state: deals.state, n: count() })
      .from(deals)
      .where(eq(deals.workspaceId, workspaceId))
      .groupBy(deals.state);
    const dealCount = (state: string) => Number(byState.find((row) => row.state === state)?.n ?? 0);
    const [members] = await tx
      .select({ n: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId));
    const [groups] = await tx
      .select({ n: count() })
      .from(workspaceGroups)
      .where(and(eq(workspaceGroups.workspaceId, workspaceId), isNull(workspaceGroups.deletedAt)));
    const [tags] = await tx
      .select({ n: count() })
      .from(workspaceTags)
      .where(eq(workspaceTags.workspaceId, workspaceId));
    const [credits] = await tx
      .select({ purchased: sum(creditTransactions.purchase), spent: sum(creditTransactions.spend) })
      .from(creditTransactions)
      .where(eq(creditTransactions.workspaceId, workspaceId));
    const stats: WorkspaceStats = {
      deals: {
        negotiation: dealCount('negotiate'),
        inSigning: dealCount('in-signing'),
        signed: dealCount('signed'),
        archives: 0,
      },
      members: Number(members?.n ?? 0),
      groups: Number(groups?.n ?? 0),
      tags: Number(tags?.n ?? 0),
      credits: { purchased: Number(credits?.purchased ?? 0), spent: Number(credits?.spent ?? 0) },
    };
    await tx
      .update(workspaces)
      .set({ stats, statsCalculatedAt: now })
      .where(eq(workspaces.id, workspaceId));
    await platform.realtime.publish(tx, {
      topic: `workspace:${workspaceId}`,
      type: 'stats.changed',
    });
    return { isSkipped: false, stats };
  });
}

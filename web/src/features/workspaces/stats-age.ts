/** Stats older than this are counted again when the page opens (spec 3 §4 'Stats'). */
export const STATS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a workspace's stored stats need counting: never counted, put out of date by a credit
 * change (the ledger clears `statsCalculatedAt`), or counted a day ago or more.
 */
export function isStatsOutOfDate(statsCalculatedAt: string | null, now: number): boolean {
  if (!statsCalculatedAt) return true;
  const countedAt = new Date(statsCalculatedAt).getTime();
  return Number.isNaN(countedAt) || now - countedAt >= STATS_MAX_AGE_MS;
}

import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimits } from '../../db/schema';
import type { RateResult, RateRule } from './rate-limit';

/**
 * Spends `amount` from a fixed-window budget on the same counters as the rate limiter: all of
 * it when the window still has room for all of it, nothing otherwise (a refused spend is not
 * counted). Count and decision are one statement, and it runs in the caller's transaction, so
 * parallel spends cannot overdraw the budget (the counter row stays locked until commit) and a
 * change that rolls back gives its spend back.
 */
export async function spendBudget(
  tx: DbOrTx,
  key: string,
  rule: RateRule,
  amount: number,
): Promise<RateResult> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] =
    amount <= rule.max
      ? await tx
          .insert(rateLimits)
          .values({ key, count: amount, resetAt: sql`now() + ${window}` })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.count ELSE ${rateLimits.count} + excluded.count END`,
              resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
            },
            setWhere: sql`${rateLimits.resetAt} <= now() OR ${rateLimits.count} + excluded.count <= ${rule.max}`,
          })
          .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      : [];
  if (row) return { isAllowed: true, count: row.count, retryAfterSeconds: 0 };
  const [current] = await tx
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  const resetAt = current?.resetAt.getTime() ?? Date.now() + rule.windowSeconds * 1000;
  return {
    isAllowed: false,
    count: current?.count ?? 0,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
  };
}

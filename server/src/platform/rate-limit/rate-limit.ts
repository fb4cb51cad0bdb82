import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type RateRule = { max: number; windowSeconds: number };
export type RateResult = { isAllowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database, so every server process shares them. Keys name the
 * thing limited, e.g. `sign-in-failure:<email>` or `sign-up:<ip>`.
 *
 * There is no "look without counting": a check made before the count lets parallel requests
 * all pass it before any of them is counted (30 parallel sign-ins tried 30 passwords). Limit
 * failures by counting every attempt with `hit` before the expensive check, and `forgive` or
 * `reset` when the attempt turns out not to be a failure.
 */
export type RateLimiter = {
  /** Counts one event and says, in the same statement, whether it is still within the rule. */
  hit(key: string, rule: RateRule): Promise<RateResult>;
  /** Takes back one counted event of the current window (an attempt that succeeded). */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

export function createRateLimiter(database: Database): RateLimiter {
  const { db } = database;
  const result = (count: number, resetAt: Date, rule: RateRule): RateResult => {
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    return { isAllowed: count <= rule.max, count, retryAfterSeconds };
  };
  return {
    async hit(key, rule) {
      const window = sql`make_interval(secs => ${rule.windowSeconds})`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN now() + ${window} ELSE ${rateLimits.resetAt} END`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (!row) throw new Error('rate limit row missing');
      return result(row.count, row.resetAt, rule);
    },
    async forgive(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

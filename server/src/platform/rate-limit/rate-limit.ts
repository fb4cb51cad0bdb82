import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type RateRule = { max: number; windowSeconds: number };
export type RateResult = { isAllowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database, so every server process shares them. Keys name the
 * thing limited, e.g. `sign-in-failure:<email>` or `sign-up:<ip>`.
 */
export type RateLimiter = {
  /** Counts one event and says whether it is still within the rule. */
  hit(key: string, rule: RateRule): Promise<RateResult>;
  /** Says whether the rule is already used up, without counting. */
  peek(key: string, rule: RateRule): Promise<RateResult>;
  reset(key: string): Promise<void>;
};

export function createRateLimiter(database: Database): RateLimiter {
  const { db } = database;
  const result = (
    count: number,
    resetAt: Date,
    rule: RateRule,
    isCounting: boolean,
  ): RateResult => {
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    return {
      isAllowed: isCounting ? count <= rule.max : count < rule.max,
      count,
      retryAfterSeconds,
    };
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
      return result(row.count, row.resetAt, rule, true);
    },
    async peek(key, rule) {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      if (!row || row.resetAt.getTime() <= Date.now()) {
        return { isAllowed: true, count: 0, retryAfterSeconds: 0 };
      }
      return result(row.count, row.resetAt, rule, false);
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

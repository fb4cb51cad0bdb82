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
  /**
   * Takes one token from a bucket that holds `rule.max` tokens and refills evenly, all of them
   * in `rule.windowSeconds`: a burst of `max` passes at once, after that one more every
   * `windowSeconds / max`. A refused take costs nothing, so refusals never push the wait out,
   * and `retryAfterSeconds` is the wait for the next token, not for the end of a window.
   * Keys used with `take` must not be used with `hit` (the row holds another kind of count).
   */
  take(key: string, rule: RateRule): Promise<RateResult>;
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
    async take(key, rule) {
      // GCRA: the row's reset_at is the time at which the bucket is full again (the "theoretical
      // arrival time"); each take moves it one interval on from now or from itself, whichever
      // is later, and is allowed while that stays within one window of now. Decision and
      // change are one statement, and the row is locked while it runs.
      const interval = rule.windowSeconds / rule.max;
      const step = sql`make_interval(secs => ${interval})`;
      const window = sql`make_interval(secs => ${rule.windowSeconds})`;
      const next = sql`greatest(${rateLimits.resetAt}, now()) + ${step}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: sql`now() + ${step}` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            // Tokens in use, for whoever reads the table.
            count: sql`ceil(extract(epoch from ${next} - now()) / ${interval}::float8)::int`,
            resetAt: next,
          },
          setWhere: sql`${next} <= now() + ${window}`,
        })
        .returning({ count: rateLimits.count });
      if (row) return { isAllowed: true, count: row.count, retryAfterSeconds: 0 };
      // Refused: the next token comes when the bucket's fill time is one window minus one
      // interval away. Measured on the database's clock, like the decision.
      const [current] = await db
        .select({
          count: rateLimits.count,
          wait: sql<string>`extract(epoch from ${rateLimits.resetAt} + ${step} - ${window} - now())`,
        })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      return {
        isAllowed: false,
        count: current?.count ?? rule.max,
        retryAfterSeconds: Math.max(1, Math.ceil(Number(current?.wait ?? interval))),
      };
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

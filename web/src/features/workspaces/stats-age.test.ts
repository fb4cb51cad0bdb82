import { describe, expect, it } from 'vitest';
import { isStatsOutOfDate, STATS_MAX_AGE_MS } from './stats-age';

describe('isStatsOutOfDate', () => {
  const countedAt = '2026-11-28T10:00:00.000Z';
  const at = (offsetMs: number) => new Date(countedAt).getTime() + offsetMs;

  it('counts stats that were never counted or that a credit change put out of date', () => {
    expect(isStatsOutOfDate(null, Date.now())).toBe(true);
  });

  it('leaves a count younger than a day, and counts again from a day on', () => {
    expect(isStatsOutOfDate(countedAt, at(0))).toBe(false);
    expect(isStatsOutOfDate(countedAt, at(STATS_MAX_AGE_MS - 1))).toBe(false);
    expect(isStatsOutOfDate(countedAt, at(STATS_MAX_AGE_MS))).toBe(true);
  });
});

import type { Lang } from '@pactum/core/validation';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const steps: readonly [limit: number, size: number, unit: Intl.RelativeTimeFormatUnit][] = [
  [HOUR, MINUTE, 'minute'],
  [DAY, HOUR, 'hour'],
  [WEEK, DAY, 'day'],
  [MONTH, WEEK, 'week'],
  [YEAR, MONTH, 'month'],
];

/**
 * How long ago `then` was, in the UI language's words ('now', '5 minutes ago', 'yesterday',
 * '2 viikkoa sitten'): under a minute is 'now', as the feed refreshes its times once a minute.
 * A time ahead of the clock (another machine's) counts as now.
 */
export function relativeTimeText(then: Date, now: Date, lang: Lang): string {
  const format = new Intl.RelativeTimeFormat(lang === 'fi' ? 'fi-FI' : 'en-GB', {
    numeric: 'auto',
  });
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (seconds < MINUTE) return format.format(0, 'second');
  for (const [limit, size, unit] of steps) {
    if (seconds < limit) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-Math.floor(seconds / YEAR), 'year');
}

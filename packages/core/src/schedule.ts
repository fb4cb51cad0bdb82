import type { emailNotificationOptions } from './auth';

/*
 * Wall-clock times in a user's timezone (spec 1 §9 timezones): when a document alert is due
 * (08:00 on its date in its creator's zone) and when the next e-mail digest goes out (twice a
 * day at 08:00 and 16:00, daily at 08:00, weekly on Monday at 08:00, in the user's zone).
 * Everything takes the current instant as an argument, so the schedule is tested with any clock
 * and daylight-saving changes land on the right hour.
 */

/** The zone used when a user has not chosen one (spec 1 §9 offers Helsinki first). */
export const DEFAULT_TIMEZONE = 'Europe/Helsinki';
/** The hour of the day alerts and daily digests go out. */
export const MORNING_HOUR = 8;
/** The second digest of 'Twice per day'. */
export const AFTERNOON_HOUR = 16;

export type DigestFrequency = (typeof emailNotificationOptions)[number];

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows the IANA zone (`Europe/Helsinki`); false for anything else. */
export function isTimezone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The user's zone, or the default one when unset or unknown. */
export function zoneOrDefault(value: string | null | undefined): string {
  return value && isTimezone(value) ? value : DEFAULT_TIMEZONE;
}

type LocalParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock reading of an instant in a zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function parseDate(date: IsoDate): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Whether the text is a real calendar date `YYYY-MM-DD` (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * The instant the zone's clock shows `hour`:00 on `date`. Across a daylight-saving change the
 * offset of that local time is used; a time skipped by a spring-forward gap is read with the
 * offset from before the gap (never the case at 08:00 or 16:00 in Europe).
 */
export function zonedInstant(date: IsoDate, hour: number, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const wall = Date.UTC(year, month - 1, day, hour, 0, 0);
  const first = wall - offsetAt(new Date(wall), timeZone);
  const second = wall - offsetAt(new Date(first), timeZone);
  return new Date(second);
}

/** The date the zone's calendar shows at an instant. */
export function dateIn(instant: Date, timeZone: string): IsoDate {
  const p = localParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parseDate(date);
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** When an alert dated `date` is delivered: 08:00 that day in its creator's zone. */
export function alertDueAt(date: IsoDate, timeZone: string): Date {
  return zonedInstant(date, MORNING_HOUR, timeZone);
}

/** The earliest date an alert may have: tomorrow in the creator's zone (spec 1 §5). */
export function earliestAlertDate(now: Date, timeZone: string): IsoDate {
  return addDays(dateIn(now, timeZone), 1);
}

/** The digest hours of a frequency, and which weekday (Monday) a weekly one waits for. */
const digestSlots: Record<
  Exclude<DigestFrequency, 'off'>,
  { hours: number[]; weekday?: number }
> = {
  daily2x: { hours: [MORNING_HOUR, AFTERNOON_HOUR] },
  daily: { hours: [MORNING_HOUR] },
  weekly: { hours: [MORNING_HOUR], weekday: 1 },
};

/**
 * The next digest after `after` for a frequency in a zone: the first of its slots (08:00 and
 * 16:00; 08:00; Monday 08:00) strictly later than `after`. Null when digests are off.
 */
export function nextDigestAt(
  frequency: DigestFrequency,
  timeZone: string,
  after: Date,
): Date | null {
  if (frequency === 'off') return null;
  const slots = digestSlots[frequency];
  const today = dateIn(after, timeZone);
  for (let days = 0; days <= 8; days += 1) {
    const date = addDays(today, days);
    if (slots.weekday !== undefined && weekdayOf(date) !== slots.weekday) continue;
    for (const hour of slots.hours) {
      const at = zonedInstant(date, hour, timeZone);
      if (at.getTime() > after.getTime()) return at;
    }
  }
  throw new Error(`No digest slot found for ${frequency} in ${timeZone}`);
}

/** 0 Sunday … 6 Saturday of a calendar date. */
function weekdayOf(date: IsoDate): number {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

import { describe, expect, it } from 'vitest';
import {
  addDays,
  alertDueAt,
  DEFAULT_TIMEZONE,
  dateIn,
  earliestAlertDate,
  isIsoDate,
  isTimezone,
  nextDigestAt,
  zonedInstant,
  zoneOrDefault,
} from './schedule';

const at = (iso: string) => new Date(iso);
/** The next digest as an ISO instant, for readable expectations. */
const next = (...args: Parameters<typeof nextDigestAt>) => nextDigestAt(...args)?.toISOString();

describe('nextDigestAt', () => {
  // Thursday 15 January 2026, winter time everywhere.
  describe('in winter', () => {
    it('daily goes out at 08:00 local time in each zone', () => {
      const before = at('2026-01-15T04:00:00Z');
      expect(next('daily', 'Europe/Helsinki', before)).toBe('2026-01-15T06:00:00.000Z');
      expect(next('daily', 'Europe/Stockholm', before)).toBe('2026-01-15T07:00:00.000Z');
      expect(next('daily', 'Europe/London', before)).toBe('2026-01-15T08:00:00.000Z');
      expect(next('daily', 'UTC', before)).toBe('2026-01-15T08:00:00.000Z');
    });

    it('once the day’s slot has passed, daily waits for tomorrow', () => {
      const after = at('2026-01-15T09:30:00Z');
      expect(next('daily', 'Europe/Helsinki', after)).toBe('2026-01-16T06:00:00.000Z');
      expect(next('daily', 'Europe/Stockholm', after)).toBe('2026-01-16T07:00:00.000Z');
      expect(next('daily', 'Europe/London', after)).toBe('2026-01-16T08:00:00.000Z');
      expect(next('daily', 'UTC', after)).toBe('2026-01-16T08:00:00.000Z');
    });

    it('exactly at a slot, the next slot is the following one', () => {
      expect(next('daily', 'Europe/Helsinki', at('2026-01-15T06:00:00Z'))).toBe(
        '2026-01-16T06:00:00.000Z',
      );
      expect(next('daily2x', 'Europe/Helsinki', at('2026-01-15T06:00:00Z'))).toBe(
        '2026-01-15T14:00:00.000Z',
      );
      expect(next('daily2x', 'Europe/Helsinki', at('2026-01-15T14:00:00Z'))).toBe(
        '2026-01-16T06:00:00.000Z',
      );
      // A millisecond before the slot is still before it.
      expect(next('daily', 'UTC', at('2026-01-15T07:59:59.999Z'))).toBe('2026-01-15T08:00:00.000Z');
    });

    it('twice per day goes out at 08:00 and 16:00 local time', () => {
      const morning = at('2026-01-15T10:00:00Z');
      expect(next('daily2x', 'Europe/Helsinki', morning)).toBe('2026-01-15T14:00:00.000Z');
      expect(next('daily2x', 'Europe/Stockholm', morning)).toBe('2026-01-15T15:00:00.000Z');
      expect(next('daily2x', 'Europe/London', morning)).toBe('2026-01-15T16:00:00.000Z');
      expect(next('daily2x', 'UTC', morning)).toBe('2026-01-15T16:00:00.000Z');
      const evening = at('2026-01-15T17:00:00Z');
      expect(next('daily2x', 'Europe/Helsinki', evening)).toBe('2026-01-16T06:00:00.000Z');
      expect(next('daily2x', 'Europe/Stockholm', evening)).toBe('2026-01-16T07:00:00.000Z');
      expect(next('daily2x', 'Europe/London', evening)).toBe('2026-01-16T08:00:00.000Z');
      expect(next('daily2x', 'UTC', evening)).toBe('2026-01-16T08:00:00.000Z');
    });

    it('weekly goes out on Monday at 08:00 local time', () => {
      // Thursday 15 January → Monday 19 January.
      const thursday = at('2026-01-15T12:00:00Z');
      expect(next('weekly', 'Europe/Helsinki', thursday)).toBe('2026-01-19T06:00:00.000Z');
      expect(next('weekly', 'Europe/Stockholm', thursday)).toBe('2026-01-19T07:00:00.000Z');
      expect(next('weekly', 'Europe/London', thursday)).toBe('2026-01-19T08:00:00.000Z');
      expect(next('weekly', 'UTC', thursday)).toBe('2026-01-19T08:00:00.000Z');
    });

    it('weekly from Monday 08:00 waits for the next Monday; earlier that Monday it is that day', () => {
      expect(next('weekly', 'Europe/Helsinki', at('2026-01-19T06:00:00Z'))).toBe(
        '2026-01-26T06:00:00.000Z',
      );
      expect(next('weekly', 'Europe/Helsinki', at('2026-01-19T05:59:00Z'))).toBe(
        '2026-01-19T06:00:00.000Z',
      );
      // Sunday evening in London is already Monday morning in Helsinki.
      const sundayNight = at('2026-01-18T23:30:00Z');
      expect(next('weekly', 'Europe/London', sundayNight)).toBe('2026-01-19T08:00:00.000Z');
      expect(next('weekly', 'Europe/Helsinki', sundayNight)).toBe('2026-01-19T06:00:00.000Z');
    });

    it('the local date decides, not the UTC date', () => {
      // 23:30 UTC is 01:30 on the next day in Helsinki: its 08:00 is that day's.
      const lateEvening = at('2026-01-15T23:30:00Z');
      expect(next('daily', 'Europe/Helsinki', lateEvening)).toBe('2026-01-16T06:00:00.000Z');
      expect(next('daily', 'Europe/London', lateEvening)).toBe('2026-01-16T08:00:00.000Z');
    });
  });

  it('in summer the same local hours are an hour earlier in UTC', () => {
    const before = at('2026-07-15T03:00:00Z');
    expect(next('daily', 'Europe/Helsinki', before)).toBe('2026-07-15T05:00:00.000Z');
    expect(next('daily', 'Europe/Stockholm', before)).toBe('2026-07-15T06:00:00.000Z');
    expect(next('daily', 'Europe/London', before)).toBe('2026-07-15T07:00:00.000Z');
    expect(next('daily', 'UTC', before)).toBe('2026-07-15T08:00:00.000Z');
  });

  it('is null when digests are off', () => {
    expect(nextDigestAt('off', 'Europe/Helsinki', at('2026-01-15T04:00:00Z'))).toBeNull();
  });

  describe('across daylight-saving changes (EU: last Sunday of March and October at 01:00 UTC)', () => {
    it('Helsinki moves from UTC+2 to UTC+3 on 29 March 2026', () => {
      // Saturday 28 March, winter time: 08:00 is 06:00Z.
      expect(next('daily', 'Europe/Helsinki', at('2026-03-27T07:00:00Z'))).toBe(
        '2026-03-28T06:00:00.000Z',
      );
      // From Saturday's slot to Sunday's: 23 hours later, 08:00 summer time.
      expect(next('daily', 'Europe/Helsinki', at('2026-03-28T06:00:00Z'))).toBe(
        '2026-03-29T05:00:00.000Z',
      );
      // In the night of the change itself (00:30Z is 02:30 local, before the jump).
      expect(next('daily', 'Europe/Helsinki', at('2026-03-29T00:30:00Z'))).toBe(
        '2026-03-29T05:00:00.000Z',
      );
      expect(next('daily2x', 'Europe/Helsinki', at('2026-03-29T05:00:00Z'))).toBe(
        '2026-03-29T13:00:00.000Z',
      );
      expect(next('daily', 'Europe/Helsinki', at('2026-03-29T05:00:00Z'))).toBe(
        '2026-03-30T05:00:00.000Z',
      );
    });

    it('Helsinki moves back to UTC+2 on 25 October 2026', () => {
      expect(next('daily', 'Europe/Helsinki', at('2026-10-23T06:00:00Z'))).toBe(
        '2026-10-24T05:00:00.000Z',
      );
      // From Saturday's slot to Sunday's: 25 hours later.
      expect(next('daily', 'Europe/Helsinki', at('2026-10-24T05:00:00Z'))).toBe(
        '2026-10-25T06:00:00.000Z',
      );
      // 00:30Z is 03:30 local summer time, before the clocks go back.
      expect(next('daily', 'Europe/Helsinki', at('2026-10-25T00:30:00Z'))).toBe(
        '2026-10-25T06:00:00.000Z',
      );
      expect(next('daily2x', 'Europe/Helsinki', at('2026-10-25T06:00:00Z'))).toBe(
        '2026-10-25T14:00:00.000Z',
      );
      expect(next('daily', 'Europe/Helsinki', at('2026-10-25T06:00:00Z'))).toBe(
        '2026-10-26T06:00:00.000Z',
      );
    });

    it('London moves from UTC to UTC+1 on 29 March 2026 and back on 25 October 2026', () => {
      expect(next('daily', 'Europe/London', at('2026-03-28T08:00:00Z'))).toBe(
        '2026-03-29T07:00:00.000Z',
      );
      expect(next('daily', 'Europe/London', at('2026-03-29T00:30:00Z'))).toBe(
        '2026-03-29T07:00:00.000Z',
      );
      expect(next('daily', 'Europe/London', at('2026-03-29T07:00:00Z'))).toBe(
        '2026-03-30T07:00:00.000Z',
      );
      expect(next('daily', 'Europe/London', at('2026-10-24T07:00:00Z'))).toBe(
        '2026-10-25T08:00:00.000Z',
      );
      // 00:30Z is 01:30 summer time, before the clocks go back at 02:00 local.
      expect(next('daily', 'Europe/London', at('2026-10-25T00:30:00Z'))).toBe(
        '2026-10-25T08:00:00.000Z',
      );
      expect(next('daily2x', 'Europe/London', at('2026-10-25T08:00:00Z'))).toBe(
        '2026-10-25T16:00:00.000Z',
      );
    });

    it('Stockholm follows the same dates at UTC+1 and UTC+2', () => {
      expect(next('daily', 'Europe/Stockholm', at('2026-03-28T07:00:00Z'))).toBe(
        '2026-03-29T06:00:00.000Z',
      );
      expect(next('daily', 'Europe/Stockholm', at('2026-10-24T06:00:00Z'))).toBe(
        '2026-10-25T07:00:00.000Z',
      );
    });

    it('a weekly digest keeps Monday 08:00 local across the change', () => {
      // Monday 23 March (winter) → Monday 30 March (summer): a week less an hour.
      expect(next('weekly', 'Europe/Helsinki', at('2026-03-23T06:00:00Z'))).toBe(
        '2026-03-30T05:00:00.000Z',
      );
      // Monday 19 October (summer) → Monday 26 October (winter): a week and an hour.
      expect(next('weekly', 'Europe/London', at('2026-10-19T07:00:00Z'))).toBe(
        '2026-10-26T08:00:00.000Z',
      );
    });

    it('UTC has no change', () => {
      expect(next('daily', 'UTC', at('2026-03-28T08:00:00Z'))).toBe('2026-03-29T08:00:00.000Z');
      expect(next('daily', 'UTC', at('2026-10-24T08:00:00Z'))).toBe('2026-10-25T08:00:00.000Z');
    });
  });
});

describe('alertDueAt', () => {
  it('is 08:00 on the alert’s date in the zone', () => {
    expect(alertDueAt('2026-01-15', 'Europe/Helsinki').toISOString()).toBe(
      '2026-01-15T06:00:00.000Z',
    );
    expect(alertDueAt('2026-01-15', 'Europe/Stockholm').toISOString()).toBe(
      '2026-01-15T07:00:00.000Z',
    );
    expect(alertDueAt('2026-01-15', 'Europe/London').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(alertDueAt('2026-01-15', 'UTC').toISOString()).toBe('2026-01-15T08:00:00.000Z');
  });

  it('lands on the right instant on and around the daylight-saving days', () => {
    const helsinki = ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25'].map(
      (date) => alertDueAt(date, 'Europe/Helsinki').toISOString(),
    );
    expect(helsinki).toEqual([
      '2026-03-28T06:00:00.000Z',
      '2026-03-29T05:00:00.000Z',
      '2026-03-30T05:00:00.000Z',
      '2026-10-24T05:00:00.000Z',
      '2026-10-25T06:00:00.000Z',
    ]);
    const london = ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25', '2026-10-26'].map(
      (date) => alertDueAt(date, 'Europe/London').toISOString(),
    );
    expect(london).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-10-24T07:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });
});

describe('earliestAlertDate', () => {
  it('is tomorrow in the creator’s zone, which may differ across midnight', () => {
    // 22:30 UTC on 15 January: already the 16th in Helsinki and Stockholm, still the 15th in London.
    const late = at('2026-01-15T22:30:00Z');
    expect(earliestAlertDate(late, 'Europe/Helsinki')).toBe('2026-01-17');
    expect(earliestAlertDate(late, 'Europe/Stockholm')).toBe('2026-01-16');
    expect(earliestAlertDate(late, 'Europe/London')).toBe('2026-01-16');
    expect(earliestAlertDate(late, 'UTC')).toBe('2026-01-16');
    // 23:30 UTC: the 16th in Stockholm too.
    expect(earliestAlertDate(at('2026-01-15T23:30:00Z'), 'Europe/Stockholm')).toBe('2026-01-17');
    // 03:00 UTC on the 16th is still the evening of the 15th in New York.
    const early = at('2026-01-16T03:00:00Z');
    expect(earliestAlertDate(early, 'America/New_York')).toBe('2026-01-16');
    expect(earliestAlertDate(early, 'Europe/Helsinki')).toBe('2026-01-17');
  });

  it('rolls over the end of a month and a year', () => {
    expect(earliestAlertDate(at('2026-02-28T12:00:00Z'), 'UTC')).toBe('2026-03-01');
    expect(earliestAlertDate(at('2026-12-31T12:00:00Z'), 'Europe/London')).toBe('2027-01-01');
    // New Year's Eve 22:30 UTC is already New Year's Day in Helsinki.
    expect(earliestAlertDate(at('2026-12-31T22:30:00Z'), 'Europe/Helsinki')).toBe('2027-01-02');
  });
});

describe('calendar helpers', () => {
  it('isIsoDate accepts real calendar dates only', () => {
    expect(isIsoDate('2026-01-15')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('2026-1-15')).toBe(false);
    expect(isIsoDate('2026-01-15T08:00')).toBe(false);
    expect(isIsoDate('15.01.2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('isTimezone knows IANA zones and nothing else', () => {
    for (const zone of ['Europe/Helsinki', 'Europe/Stockholm', 'Europe/London', 'UTC']) {
      expect(isTimezone(zone)).toBe(true);
    }
    expect(isTimezone('America/New_York')).toBe(true);
    expect(isTimezone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimezone('Helsinki')).toBe(false);
    expect(isTimezone('')).toBe(false);
    expect(isTimezone(`Europe/${'x'.repeat(64)}`)).toBe(false);
  });

  it('zoneOrDefault falls back to Helsinki for a missing or unknown zone', () => {
    expect(DEFAULT_TIMEZONE).toBe('Europe/Helsinki');
    expect(zoneOrDefault(null)).toBe('Europe/Helsinki');
    expect(zoneOrDefault(undefined)).toBe('Europe/Helsinki');
    expect(zoneOrDefault('Not/AZone')).toBe('Europe/Helsinki');
    expect(zoneOrDefault('Europe/London')).toBe('Europe/London');
  });

  it('dateIn reads the local calendar and addDays steps over months and leap days', () => {
    expect(dateIn(at('2026-01-15T22:30:00Z'), 'Europe/Helsinki')).toBe('2026-01-16');
    expect(dateIn(at('2026-01-15T22:30:00Z'), 'Europe/London')).toBe('2026-01-15');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('zonedInstant reads an hour skipped by the spring change with the offset before it', () => {
    // 03:00 does not exist in Helsinki on 29 March 2026 (03:00 → 04:00); read as UTC+2.
    expect(zonedInstant('2026-03-29', 3, 'Europe/Helsinki').toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // 03:00 happens twice on 25 October; either reading is 03:00 on the wall clock.
    const repeated = zonedInstant('2026-10-25', 3, 'Europe/Helsinki');
    expect(['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z']).toContain(
      repeated.toISOString(),
    );
  });
});

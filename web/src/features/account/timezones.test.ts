import { describe, expect, it } from 'vitest';
import { defaultTimezone, OFFERED_TIMEZONES, timezoneOptions } from './timezones';

describe('timezoneOptions', () => {
  it('offers Helsinki, Stockholm and London and adds the browser zone', () => {
    expect(timezoneOptions('America/New_York', null)).toEqual([
      ...OFFERED_TIMEZONES,
      'America/New_York',
    ]);
  });

  it('lists each zone once and keeps a saved zone that is no longer the browser zone', () => {
    expect(timezoneOptions('Europe/Helsinki', 'Asia/Tokyo')).toEqual([
      ...OFFERED_TIMEZONES,
      'Asia/Tokyo',
    ]);
    expect(timezoneOptions(undefined, null)).toEqual(OFFERED_TIMEZONES);
  });
});

describe('defaultTimezone', () => {
  it('prefers the saved zone, then the browser zone', () => {
    expect(defaultTimezone('Europe/Paris', 'Europe/London')).toBe('Europe/London');
    expect(defaultTimezone('Europe/Paris', null)).toBe('Europe/Paris');
    expect(defaultTimezone(undefined, null)).toBe('Europe/Helsinki');
  });
});

import { describe, expect, it } from 'vitest';
import { relativeTimeText } from './relative-time';

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTimeText', () => {
  it('says now under a minute, and for a time ahead of the clock', () => {
    expect(relativeTimeText(ago(0), now, 'en')).toBe('now');
    expect(relativeTimeText(ago(59), now, 'en')).toBe('now');
    expect(relativeTimeText(ago(-30), now, 'en')).toBe('now');
    expect(relativeTimeText(ago(30), now, 'fi')).toBe('nyt');
  });

  it('counts minutes under an hour and hours under a day', () => {
    expect(relativeTimeText(ago(60), now, 'en')).toBe('1 minute ago');
    expect(relativeTimeText(ago(5 * 60 + 59), now, 'en')).toBe('5 minutes ago');
    expect(relativeTimeText(ago(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(relativeTimeText(ago(5 * 60), now, 'fi')).toBe('5 minuuttia sitten');
  });

  it('says yesterday for a day, then days, weeks, months and years', () => {
    expect(relativeTimeText(ago(26 * 3600), now, 'en')).toBe('yesterday');
    expect(relativeTimeText(ago(26 * 3600), now, 'fi')).toBe('eilen');
    expect(relativeTimeText(ago(3 * 86400), now, 'en')).toBe('3 days ago');
    expect(relativeTimeText(ago(15 * 86400), now, 'en')).toBe('2 weeks ago');
    expect(relativeTimeText(ago(95 * 86400), now, 'en')).toBe('3 months ago');
    expect(relativeTimeText(ago(800 * 86400), now, 'en')).toBe('2 years ago');
  });
});

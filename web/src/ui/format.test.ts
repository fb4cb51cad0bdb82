import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize, formatMoney, titleAndTime } from './format';

describe('formatDateTime', () => {
  it('writes local time as YYYY-MM-DD HH:mm', () => {
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7))).toBe('2025-01-05 09:07');
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7).toISOString())).toBe('2025-01-05 09:07');
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatMoney', () => {
  it('writes minor units in the language’s way', () => {
    expect(formatMoney(12_400, 'EUR', 'en')).toBe('€124.00');
    // Finnish separates with a comma and puts the sign after a (no-break) space.
    expect(formatMoney(12_400, 'EUR', 'fi').replace(/\s/g, ' ')).toBe('124,00 €');
  });
});

describe('formatFileSize', () => {
  const nbsp = '\u00a0';
  it('writes small files in bytes and kilobytes, not as 0.00 MB', () => {
    expect(formatFileSize(0, 'en')).toBe(`0${nbsp}B`);
    expect(formatFileSize(700, 'en')).toBe(`700${nbsp}B`);
    expect(formatFileSize(1024, 'en')).toBe(`1${nbsp}kB`);
    expect(formatFileSize(1536, 'en')).toBe(`1.5${nbsp}kB`);
    expect(formatFileSize(300 * 1024, 'en')).toBe(`300${nbsp}kB`);
  });

  it('goes up a unit from 1,000 on and keeps one decimal under 10', () => {
    expect(formatFileSize(1010 * 1024, 'en')).toBe(`1${nbsp}MB`);
    expect(formatFileSize(2.5 * 1024 * 1024, 'en')).toBe(`2.5${nbsp}MB`);
    expect(formatFileSize(24 * 1024 * 1024, 'en')).toBe(`24${nbsp}MB`);
  });

  it('writes Finnish with a decimal comma and its own units', () => {
    expect(formatFileSize(700, 'fi')).toBe(`700${nbsp}t`);
    expect(formatFileSize(1536, 'fi')).toBe(`1,5${nbsp}kt`);
    expect(formatFileSize(2.5 * 1024 * 1024, 'fi')).toBe(`2,5${nbsp}Mt`);
  });
});

describe('titleAndTime', () => {
  it('breaks only between the title and its time, never inside the time', () => {
    const line = titleAndTime('NDA with Receiver Oy', '9 s ago');
    expect(line).toBe('NDA with Receiver Oy \u00b7\u00a09\u00a0s\u00a0ago');
    // The only places a line may break: inside the title and after it.
    expect(line.split(' ')).toEqual([
      'NDA',
      'with',
      'Receiver',
      'Oy',
      '\u00b7\u00a09\u00a0s\u00a0ago',
    ]);
  });
});

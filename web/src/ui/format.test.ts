import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from './format';

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

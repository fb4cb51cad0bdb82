import { describe, expect, it } from 'vitest';
import { parseAmount } from './credit-amount';

describe('a credit adjustment as typed', () => {
  it('reads whole numbers with a sign', () => {
    expect(parseAmount('20')).toBe(20);
    expect(parseAmount('+20')).toBe(20);
    expect(parseAmount('-5')).toBe(-5);
    expect(parseAmount('\u22125')).toBe(-5);
    expect(parseAmount(' 1 000 ')).toBe(1000);
  });

  it('refuses what is not a whole number', () => {
    for (const text of ['', '-', '1.5', '1,5', '1e3', 'ten', '--5', '5-']) {
      expect(parseAmount(text)).toBeNaN();
    }
  });
});

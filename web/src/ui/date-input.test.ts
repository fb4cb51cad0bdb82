import { describe, expect, it } from 'vitest';
import { tidyIsoDate } from './date-input';

describe('tidyIsoDate', () => {
  it('keeps a date already written as YYYY-MM-DD', () => {
    expect(tidyIsoDate('2026-11-28')).toBe('2026-11-28');
    expect(tidyIsoDate(' 2026-11-28 ')).toBe('2026-11-28');
  });

  it('writes a shorter or slashed ISO date, and a Finnish one, as YYYY-MM-DD', () => {
    expect(tidyIsoDate('2026-1-5')).toBe('2026-01-05');
    expect(tidyIsoDate('2026/11/28')).toBe('2026-11-28');
    expect(tidyIsoDate('28.11.2026')).toBe('2026-11-28');
    expect(tidyIsoDate('5.1.2026')).toBe('2026-01-05');
  });

  it('leaves what is not such a date as typed, the US order included', () => {
    expect(tidyIsoDate('11/28/2026')).toBe('11/28/2026');
    expect(tidyIsoDate('tomorrow')).toBe('tomorrow');
    expect(tidyIsoDate('')).toBe('');
  });
});

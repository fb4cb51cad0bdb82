import { describe, expect, it } from 'vitest';
import { MIN_SHOWN_PROGRESS, shownProgress } from './draft-rules';

describe('shownProgress', () => {
  it('never shows less than 5 percent, nor more than 100', () => {
    expect(shownProgress(0)).toBe(MIN_SHOWN_PROGRESS);
    expect(shownProgress(undefined)).toBe(5);
    expect(shownProgress(Number.NaN)).toBe(5);
    expect(shownProgress(42.4)).toBe(42);
    expect(shownProgress(140)).toBe(100);
  });
});

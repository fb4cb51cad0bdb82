import { describe, expect, it } from 'vitest';
import { draftPageOf, draftPageSizeOf, lastDraftPage } from './draft-list-params';

describe('the draft table’s page in the address', () => {
  it('takes a known page size and falls back to 25', () => {
    expect(draftPageSizeOf('50')).toBe(50);
    expect(draftPageSizeOf('100')).toBe(100);
    expect(draftPageSizeOf('1000')).toBe(25);
    expect(draftPageSizeOf(null)).toBe(25);
  });

  it('takes a page from 1 and falls back to the first', () => {
    expect(draftPageOf('3')).toBe(3);
    expect(draftPageOf('0')).toBe(1);
    expect(draftPageOf('-2')).toBe(1);
    expect(draftPageOf('x')).toBe(1);
    expect(draftPageOf(null)).toBe(1);
  });

  it('knows the last page, the first for an empty list', () => {
    expect(lastDraftPage(0, 25)).toBe(1);
    expect(lastDraftPage(25, 25)).toBe(1);
    expect(lastDraftPage(26, 25)).toBe(2);
  });
});

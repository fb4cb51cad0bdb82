import { describe, expect, it } from 'vitest';
import { withoutItem } from './delete-item';

const item = (id: string) => ({ id, name: id, kind: 'folder' });
const listing = (...pages: string[][]) => ({
  pageParams: pages.map((_, index) => index + 1),
  pages: pages.map((ids, index) => ({
    items: ids.map(item),
    total: 3,
    page: index + 1,
    pageSize: 2,
  })),
});

describe('withoutItem', () => {
  it('drops the deleted item from whichever page holds it and counts one less', () => {
    const next = withoutItem(listing(['a', 'b'], ['c']), 'c') as ReturnType<typeof listing>;
    expect(next.pages.map((page) => page.items.map((it) => it.id))).toEqual([['a', 'b'], []]);
    expect(next.pages.map((page) => page.total)).toEqual([2, 2]);
  });

  it('leaves a listing without the item, and data that is not a listing, untouched', () => {
    const data = listing(['a', 'b']);
    expect(withoutItem(data, 'x')).toBe(data);
    const detail = { id: 'a', crumbs: [] };
    expect(withoutItem(detail, 'a')).toBe(detail);
    expect(withoutItem(undefined, 'a')).toBeUndefined();
  });
});

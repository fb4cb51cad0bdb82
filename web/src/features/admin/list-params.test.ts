import { describe, expect, it } from 'vitest';
import {
  documentListQuery,
  endOfDay,
  eventQuery,
  isDay,
  readDocumentListParams,
  readEventFilters,
  readPage,
  readSearchListParams,
  searchListQuery,
  startOfDay,
  writeParams,
} from './list-params';

const read = (query: string) => new URLSearchParams(query);
const USER_ID = '0b6f1c1e-7a4e-4c35-9f0e-3f5b8a1d2c44';

describe('admin list addresses', () => {
  it('reads the page and its size, falling back to page 1 of 25 rows', () => {
    expect(readPage(read(''))).toEqual({ page: 1, pageSize: 25 });
    expect(readPage(read('page=3&pageSize=100'))).toEqual({ page: 3, pageSize: 100 });
    for (const query of ['page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=10001']) {
      expect(readPage(read(query)).page).toBe(1);
    }
    // Only the sizes the server pages in.
    expect(readPage(read('pageSize=30')).pageSize).toBe(25);
  });

  it('trims the search text and cuts it to the length the server takes', () => {
    expect(readSearchListParams(read('q=%20mary%40example.com%20')).q).toBe('mary@example.com');
    expect(readSearchListParams(read(`q=${'x'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('keeps only the kinds, states and days that exist', () => {
    expect(
      readDocumentListParams(read('kind=deal&state=trash&from=2026-11-01&to=2026-11-30')),
    ).toEqual({
      q: '',
      page: 1,
      pageSize: 25,
      kind: 'deal',
      state: 'trash',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(readDocumentListParams(read('state=draft')).state).toBe('draft');
    const odd = readDocumentListParams(read('kind=template&state=lost&from=2026-02-30&to=today'));
    expect([odd.kind, odd.state, odd.from, odd.to]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('takes a user or document id only when it is a UUID', () => {
    expect(readEventFilters(read(`userId=${USER_ID.toUpperCase()}&documentId=42`))).toEqual({
      kind: undefined,
      type: '',
      userId: USER_ID,
      documentId: undefined,
      from: undefined,
      to: undefined,
    });
    expect(readEventFilters(read('kind=admin&type=deal.restored'))).toMatchObject({
      kind: 'admin',
      type: 'deal.restored',
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeParams({ q: '', page: 1, pageSize: 25, state: undefined }).toString()).toBe('');
    expect(writeParams({ q: 'acme oy', page: 2, pageSize: 50, state: 'trash' }).toString()).toBe(
      'q=acme+oy&page=2&pageSize=50&state=trash',
    );
  });

  it('reads back what it wrote', () => {
    const params = {
      q: 'nda',
      page: 4,
      pageSize: 100 as const,
      kind: 'deal' as const,
      state: 'signed' as const,
      from: '2026-01-01',
      to: '2026-12-31',
    };
    expect(readDocumentListParams(writeParams(params))).toEqual(params);
  });

  it('recognises calendar days', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('26-11-25')).toBe(false);
  });
});

describe('admin list requests', () => {
  it('sends the page and its size always, the search only when there is one', () => {
    expect(searchListQuery({ q: '', page: 1, pageSize: 25 })).toBe('page=1&pageSize=25');
    expect(searchListQuery({ q: 'mary', page: 2, pageSize: 50 })).toBe('q=mary&page=2&pageSize=50');
  });

  it("sends a day range from the start of the first day to the end of the last, in the user's zone", () => {
    const from = new Date(startOfDay('2026-11-25'));
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([
      2026, 10, 25, 0,
    ]);
    const to = new Date(endOfDay('2026-12-31'));
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours()]).toEqual([2027, 0, 1, 0]);
    const query = new URLSearchParams(
      documentListQuery({
        q: '',
        page: 1,
        pageSize: 25,
        kind: undefined,
        state: 'trash',
        from: '2026-11-25',
        to: '2026-12-31',
      }),
    );
    expect(query.get('state')).toBe('trash');
    expect(query.get('from')).toBe(startOfDay('2026-11-25'));
    expect(query.get('to')).toBe(endOfDay('2026-12-31'));
    expect(query.has('kind')).toBe(false);
  });

  it("asks for the event log's next page with the cursor and the same filters", () => {
    const filters = readEventFilters(read(`kind=admin&userId=${USER_ID}`));
    expect(eventQuery(filters, { pageSize: 50 })).toBe(`kind=admin&userId=${USER_ID}&pageSize=50`);
    expect(eventQuery(filters, { pageSize: 50, cursor: 'abc' })).toBe(
      `kind=admin&userId=${USER_ID}&cursor=abc&pageSize=50`,
    );
  });
});

import { SEARCH_MAX_TAGS, searchFields, searchHitKinds } from '@pactum/core/search';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import fi from '../../locales/fi.json';
import {
  addTag,
  canSearch,
  hitPath,
  hitPlace,
  isSearchShortcut,
  isTypingTarget,
  moveActive,
  nextPageRow,
  searchParams,
  searchSubject,
} from './search-rules';
import type { SearchRequest } from './types';

const id = '6f1f7c55-7c7a-4c3f-9d3c-1f1e1b1a1c1d';
const folderId = '0b0e4c1a-34f5-4a57-9d7e-8e1b2a3c4d5e';
const request = (values: Partial<SearchRequest> = {}): SearchRequest => ({
  query: 'sopimus',
  collection: undefined,
  tags: [],
  pageSize: 15,
  ...values,
});

describe('when the drawer searches', () => {
  it('asks only with 3 characters or a tag: the server refuses anything shorter', () => {
    expect(canSearch({ query: 'so', tags: [] })).toBe(false);
    expect(canSearch({ query: '  so  ', tags: [] })).toBe(false);
    expect(canSearch({ query: 'sop', tags: [] })).toBe(true);
    expect(canSearch({ query: '', tags: ['NDA'] })).toBe(true);
  });

  it('sends the trimmed words, the collection, each tag and the page', () => {
    const params = searchParams(
      request({ query: ' sopimus ', collection: 'deals', tags: ['NDA', 'Q3'], pageSize: 25 }),
      2,
    );
    expect(params.get('q')).toBe('sopimus');
    expect(params.get('collection')).toBe('deals');
    expect(params.getAll('tag')).toEqual(['NDA', 'Q3']);
    expect(params.get('page')).toBe('2');
    expect(params.get('pageSize')).toBe('25');
  });

  it('leaves a query too short to count out of a tag search', () => {
    const params = searchParams(request({ query: 'ab', tags: ['NDA'] }), 1);
    expect(params.has('q')).toBe(false);
    expect(params.has('collection')).toBe(false);
    expect(params.getAll('tag')).toEqual(['NDA']);
  });

  it('names the words in the empty state, or the tags without words', () => {
    expect(searchSubject({ query: ' kilpailukielto ', tags: ['NDA'] })).toBe('kilpailukielto');
    expect(searchSubject({ query: 'ki', tags: ['NDA', 'Q3'] })).toBe('NDA, Q3');
  });
});

describe('the next page', () => {
  it('is fetched from the row about 75 % down the loaded results', () => {
    expect(nextPageRow(0)).toBe(-1);
    expect(nextPageRow(1)).toBe(0);
    expect(nextPageRow(4)).toBe(3);
    expect(nextPageRow(15)).toBe(11);
    expect(nextPageRow(30)).toBe(22);
    expect(nextPageRow(100)).toBe(75);
  });
});

describe('the active row', () => {
  it('moves down from the field to the first row and stays on the last', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(2);
  });

  it('moves up back into the field, and is none without rows', () => {
    expect(moveActive(1, 3, -1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(-1);
    expect(moveActive(-1, 3, -1)).toBe(-1);
    expect(moveActive(-1, 0, 1)).toBe(-1);
    // Rows shrank under the active one (a new page of fewer results).
    expect(moveActive(9, 3, 1)).toBe(2);
  });
});

describe('a hit', () => {
  it('says where it was found, with the page of a PDF', () => {
    expect(hitPlace({ kind: 'deal', field: 'section', page: null })).toEqual({
      kind: 'deal',
      field: 'section',
      page: null,
    });
    expect(hitPlace({ kind: 'archive-file', field: 'archivePage', page: 3 }).page).toBe(3);
    expect(hitPlace({ kind: 'deal', field: 'dealPage', page: 2 }).page).toBe(2);
    expect(hitPlace({ kind: 'archive-file', field: 'name', page: 4 }).page).toBeNull();
  });

  it('has an English and a Finnish label for every kind, field and deal state', () => {
    for (const messages of [en.search, fi.search]) {
      expect(Object.keys(messages.foundIn).sort()).toEqual([...searchFields].sort());
      expect(Object.keys(messages.kind).sort()).toEqual([...searchHitKinds].sort());
      expect(messages.foundIn.dealPage).toContain('{{page}}');
      expect(messages.foundIn.archivePage).toContain('{{page}}');
      expect(messages.empty).toContain('{{query}}');
    }
    expect(en.search.empty).toBe('Your search for "{{query}}" found no results.');
    expect(en.search.notFound).toBe('Link to document not found');
  });

  it('opens a deal as the home does, a file in its folder, a folder as its page', () => {
    const deal = { kind: 'deal', id, parentId: null } as const;
    expect(hitPath({ ...deal, myParty: 'sender' })).toBe(`/dashboard/documents/deals/${id}`);
    expect(hitPath({ ...deal, myParty: null })).toBe(`/dashboard/documents/deals/${id}/sign`);
    expect(hitPath({ kind: 'archive-file', id, myParty: null, parentId: folderId })).toBe(
      `/dashboard/account/archive/${folderId}/${id}`,
    );
    expect(hitPath({ kind: 'archive-file', id, myParty: null, parentId: null })).toBe(
      `/dashboard/account/archive/inbox/${id}`,
    );
    expect(hitPath({ kind: 'archive-folder', id, myParty: null, parentId: folderId })).toBe(
      `/dashboard/account/archive/${id}`,
    );
  });
});

describe('the tag filter', () => {
  it('adds a trimmed tag once, up to the limit', () => {
    expect(addTag([], '  NDA ')).toEqual(['NDA']);
    expect(addTag(['NDA'], 'NDA')).toEqual(['NDA']);
    expect(addTag(['NDA'], '   ')).toEqual(['NDA']);
    const full = Array.from({ length: SEARCH_MAX_TAGS }, (_, index) => `t${index}`);
    expect(addTag(full, 'one more')).toEqual(full);
  });
});

describe('the keys that open the drawer', () => {
  const key = (value: string, extra: Partial<Parameters<typeof isSearchShortcut>[0]> = {}) => ({
    key: value,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: { tagName: 'BODY' },
    ...extra,
  });

  it('opens on / outside text fields, and on Ctrl+K or Cmd+K anywhere', () => {
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('/', { target: { tagName: 'INPUT' } }))).toBe(false);
    expect(
      isSearchShortcut(key('/', { target: { tagName: 'DIV', isContentEditable: true } })),
    ).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true, target: { tagName: 'TEXTAREA' } }))).toBe(
      true,
    );
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('/', { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('knows where a key is typed', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({ tagName: 'button' })).toBe(false);
    expect(isTypingTarget({ tagName: 'textarea' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'P', isContentEditable: true })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  cutExcerpt,
  EXCERPT_CLOSE,
  EXCERPT_OPEN,
  type ExcerptPart,
  isSearchable,
  queryLength,
  SEARCH_MAX_WORDS,
  searchWords,
  tagChips,
} from './search';

/** A text with `[[word]]` written as the database marks a matched word. */
const marked = (text: string) =>
  text.replaceAll('[[', EXCERPT_OPEN).replaceAll(']]', EXCERPT_CLOSE);
const plain = (parts: ExcerptPart[]) => parts.map((part) => part.text).join('');
const hits = (parts: ExcerptPart[]) => parts.filter((part) => part.hit).map((part) => part.text);

describe('searchWords', () => {
  it('splits on punctuation, operators, quotes and backslashes, which mean nothing else', () => {
    expect(searchWords('sopimus,agreement.test-case/2024')).toEqual([
      'sopimus',
      'agreement',
      'test',
      'case',
      '2024',
    ]);
    expect(searchWords(`"lease" & rent | !deposit (term):* \\notice 'it's'`)).toEqual([
      'lease',
      'rent',
      'deposit',
      'term',
      'notice',
      'it',
      's',
    ]);
    expect(searchWords(`"'&|!():*\\`)).toEqual([]);
    expect(searchWords("'; DROP TABLE deal; --")).toEqual(['drop', 'table', 'deal']);
  });

  it('lower-cases and keeps each word once, in the order first typed', () => {
    expect(searchWords('Rent rent RENT deposit Rent')).toEqual(['rent', 'deposit']);
    expect(searchWords('Päivämäärä ÅLAND')).toEqual(['päivämäärä', 'åland']);
  });

  it(`looks for at most ${SEARCH_MAX_WORDS} words`, () => {
    const words = Array.from({ length: 12 }, (_, index) => `word${index}`);
    expect(searchWords(words.join(' '))).toEqual(words.slice(0, SEARCH_MAX_WORDS));
    // Repeats do not use up the allowance.
    expect(searchWords(`a a a a a a a a a ${words.slice(0, 7).join(' ')}`)).toEqual([
      'a',
      ...words.slice(0, 7),
    ]);
  });

  it('cuts a very long word to 64 characters and dedupes after the cut', () => {
    const long = 'x'.repeat(100);
    expect(searchWords(`${long} ${long}y`)).toEqual(['x'.repeat(64)]);
  });

  it('normalises compatibility forms (NFKC): full-width, ligatures, composed accents', () => {
    expect(searchWords('ＦＵＬＬ ﬁle cafe\u0301 ①')).toEqual(['full', 'file', 'café', '1']);
    expect(searchWords('cafe\u0301')).toEqual(searchWords('caf\u00e9'));
  });

  it('ignores emoji and symbols, keeps letters of any script, right-to-left ones too', () => {
    expect(searchWords('contract 😀 deal 👍🏽 ✓ € ©')).toEqual(['contract', 'deal']);
    expect(searchWords('😀😀😀')).toEqual([]);
    expect(searchWords('עסקה חדשה عقد الإيجار')).toEqual(['עסקה', 'חדשה', 'عقد', 'الإيجار']);
    expect(searchWords('Договор аренды 契約')).toEqual(['договор', 'аренды', '契約']);
  });
});

describe('isSearchable', () => {
  it('needs at least 3 characters besides surrounding spaces', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('ab')).toBe(false);
    expect(isSearchable('  ab  ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
    expect(isSearchable(' a b ')).toBe(true);
  });

  it('counts an emoji as one character, as a reader does', () => {
    expect(queryLength('😀😀')).toBe(2);
    expect(isSearchable('😀😀')).toBe(false);
    expect(isSearchable('😀😀😀')).toBe(true);
    expect(isSearchable('ab😀')).toBe(true);
  });
});

describe('cutExcerpt', () => {
  const before = 'The parties agree that the lessee pays the monthly rent in advance and that the';
  const after =
    'is returned within two months of the end of the lease when nothing is due by anyone';

  it('shows about 50 characters with the first hit a third of the way in, “…” at cut ends', () => {
    const parts = cutExcerpt(marked(`${before} [[deposit]] ${after}`));
    expect(hits(parts)).toEqual(['deposit']);
    const text = plain(parts);
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeGreaterThanOrEqual(45);
    expect(text.length).toBeLessThanOrEqual(70);
    const hitAt = text.indexOf('deposit');
    expect(hitAt).toBeGreaterThan(5);
    expect(hitAt).toBeLessThan(text.length / 2);
    // Cut at word boundaries: each end is a whole word of the text.
    const inner = text.slice(1, -1).trim();
    expect(`${before} deposit ${after}`).toContain(inner);
    expect(` ${before} deposit ${after} `).toContain(` ${inner} `);
  });

  it('keeps every hit inside the window and merges neighbouring parts', () => {
    const parts = cutExcerpt(marked(`Monthly [[rent]] and [[deposit]] ${after}`));
    expect(parts.slice(0, 4)).toEqual([
      { text: 'Monthly ', hit: false },
      { text: 'rent', hit: true },
      { text: ' and ', hit: false },
      { text: 'deposit', hit: true },
    ]);
    expect(parts.at(-1)?.text.endsWith('months…')).toBe(true);
  });

  it('shows a short text whole, without “…”, whitespace collapsed', () => {
    expect(cutExcerpt(marked('Lease  of\n the [[flat]]\tin Turku'))).toEqual([
      { text: 'Lease of the ', hit: false },
      { text: 'flat', hit: true },
      { text: ' in Turku', hit: false },
    ]);
  });

  it('without marks shows the start of the text', () => {
    const parts = cutExcerpt(`${before} deposit ${after}`);
    expect(hits(parts)).toEqual([]);
    expect(parts).toEqual([
      { text: 'The parties agree that the lessee pays the monthly…', hit: false },
    ]);
    expect(cutExcerpt('')).toEqual([]);
  });

  it('drops marks that do not pair: a stray close, and an open never closed', () => {
    expect(cutExcerpt(`Lease ${EXCERPT_CLOSE}of the flat`)).toEqual([
      { text: 'Lease of the flat', hit: false },
    ]);
    expect(cutExcerpt(`Lease of the ${EXCERPT_OPEN}flat in Turku`)).toEqual([
      { text: 'Lease of the flat in Turku', hit: false },
    ]);
    expect(cutExcerpt(marked('[[Lease]] of the ]]flat[[ in Turku'))).toEqual([
      { text: 'Lease', hit: true },
      { text: ' of the flat in Turku', hit: false },
    ]);
  });

  it('a hit near the end still shows the text before it', () => {
    const parts = cutExcerpt(marked(`${before} ${after} [[owed]]`));
    expect(hits(parts)).toEqual(['owed']);
    expect(parts[0]?.text.startsWith('…')).toBe(true);
    expect(parts.at(-1)).toEqual({ text: 'owed', hit: true });
    expect(plain(parts).length).toBeGreaterThanOrEqual(45);
  });
});

describe('tagChips', () => {
  it('shows at most three chips and counts the rest', () => {
    expect(tagChips([])).toEqual({ shown: [], more: 0 });
    expect(tagChips(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(tagChips(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

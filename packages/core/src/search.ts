/*
 * Search (spec 3 §5 'Search', §9; issue 16): the rules both sides share. The browser asks only
 * for a query of at least `SEARCH_MIN_LENGTH` characters, `SEARCH_DEBOUNCE_MS` after the last
 * key; the server reads the query as plain words (never as a text-search expression), finds
 * them in what the caller may open now and answers ranked hits with an excerpt of about
 * `SEARCH_EXCERPT_LENGTH` characters whose highlighted words are data, not markup.
 */

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 1000;
export const SEARCH_DEBOUNCE_MS = 1000;
export const SEARCH_PAGE_SIZES = [15, 25, 50, 100] as const;
export type SearchPageSize = (typeof SEARCH_PAGE_SIZES)[number];
export const SEARCH_DEFAULT_PAGE_SIZE: SearchPageSize = 15;
/** The next page is fetched once the reader has passed this share of the loaded results. */
export const SEARCH_NEXT_PAGE_AT = 0.75;
export const SEARCH_EXCERPT_LENGTH = 50;
/** Tag chips shown on a result before '+N'. */
export const SEARCH_TAG_CHIPS = 3;
/** The words of a query that are looked for; the rest of a long query is ignored. */
export const SEARCH_MAX_WORDS = 8;
const SEARCH_MAX_WORD_LENGTH = 64;
/** Exact tag values one search may filter by. */
export const SEARCH_MAX_TAGS = 10;

/** What a search may be limited to. */
export const searchCollections = ['deals', 'archive'] as const;
export type SearchCollection = (typeof searchCollections)[number];

/** The kinds of document a hit opens. */
export const searchHitKinds = ['deal', 'archive-file', 'archive-folder'] as const;
export type SearchHitKind = (typeof searchHitKinds)[number];

/**
 * Where the words were found: a deal's title, party names, contract id, a section's text, a
 * signer, a page of a Send & Sign PDF; an archive item's name, uploaded file name, a page of
 * an archived PDF; or one of the document's tags.
 */
export const searchFields = [
  'title',
  'party',
  'contractUid',
  'section',
  'signer',
  'dealPage',
  'name',
  'upload',
  'archivePage',
  'tag',
] as const;
export type SearchField = (typeof searchFields)[number];

/** The query's length as a reader counts it (an emoji is one). */
export function queryLength(query: string): number {
  return [...query.trim()].length;
}

/** Whether a query is long enough to be sent (spec 3 §5: more than 2 characters). */
export function isSearchable(query: string): boolean {
  return queryLength(query) >= SEARCH_MIN_LENGTH;
}

/**
 * The words looked for: letters and digits of any script, lower-cased, each once, in order; at
 * most `SEARCH_MAX_WORDS`. Operators, quotes, backslashes and punctuation separate words and
 * mean nothing else, so no query can be a syntax error.
 */
export function searchWords(query: string): string[] {
  const words =
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique: string[] = [];
  for (const word of words) {
    const cut = [...word].slice(0, SEARCH_MAX_WORD_LENGTH).join('');
    if (!unique.includes(cut)) unique.push(cut);
    if (unique.length === SEARCH_MAX_WORDS) break;
  }
  return unique;
}

/** One piece of an excerpt; `hit` pieces are the words that matched. */
export type ExcerptPart = { text: string; hit: boolean };

/** The marks the database puts around matched words (private-use characters). */
export const EXCERPT_OPEN = '\uE000';
export const EXCERPT_CLOSE = '\uE001';

/**
 * About `length` characters of a marked text around its first highlighted word, cut at word
 * boundaries, with '…' where text was left out, as plain parts. Marks that do not pair are
 * dropped; whitespace is collapsed.
 */
export function cutExcerpt(marked: string, length = SEARCH_EXCERPT_LENGTH): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let hit = false;
  let text = '';
  const flush = () => {
    if (text !== '') parts.push({ text, hit });
    text = '';
  };
  const spaced = marked.replace(/\s+/g, ' ');
  // An open mark counts only with a close mark after it; an unclosed one would light up the rest.
  const lastClose = spaced.lastIndexOf(EXCERPT_CLOSE);
  let index = 0;
  for (const char of spaced) {
    if (char === EXCERPT_OPEN || char === EXCERPT_CLOSE) {
      flush();
      hit = char === EXCERPT_OPEN && index < lastClose;
    } else {
      text += char;
    }
    index += char.length;
  }
  flush();
  const plain = parts.map((part) => part.text).join('');
  const firstHit = parts.findIndex((part) => part.hit);
  const hitStart = parts.slice(0, Math.max(firstHit, 0)).reduce((n, p) => n + p.text.length, 0);
  const hitLength = firstHit >= 0 ? (parts[firstHit]?.text.length ?? 0) : 0;
  // A window of `length` characters with the first hit a third of the way in.
  let start = Math.max(0, hitStart - Math.floor((length - hitLength) / 3));
  let end = Math.min(plain.length, Math.max(start + length, hitStart + hitLength));
  start = Math.max(0, Math.min(start, end - length));
  // Widen to whole words.
  while (start > 0 && /\S/.test(plain[start - 1] ?? '') && hitStart - start < length) start -= 1;
  while (end < plain.length && /\S/.test(plain[end] ?? '') && end - hitStart < length * 2) end += 1;
  const cut: ExcerptPart[] = [];
  let offset = 0;
  for (const part of parts) {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + part.text.length);
    if (from < to) cut.push({ text: part.text.slice(from - offset, to - offset), hit: part.hit });
    offset += part.text.length;
  }
  const first = cut[0];
  if (first && !first.hit) first.text = first.text.trimStart();
  const last = cut.at(-1);
  if (last && !last.hit) last.text = last.text.trimEnd();
  if (start > 0) cut.unshift({ text: '…', hit: false });
  if (end < plain.length) cut.push({ text: '…', hit: false });
  return mergeParts(cut.filter((part) => part.text !== ''));
}

function mergeParts(parts: ExcerptPart[]): ExcerptPart[] {
  const merged: ExcerptPart[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (last && last.hit === part.hit) last.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}

/** The tag chips of a result: at most `SEARCH_TAG_CHIPS`, and how many more ('+N'). */
export function tagChips(tags: string[]): { shown: string[]; more: number } {
  return {
    shown: tags.slice(0, SEARCH_TAG_CHIPS),
    more: Math.max(0, tags.length - SEARCH_TAG_CHIPS),
  };
}

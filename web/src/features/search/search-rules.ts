import {
  isSearchable,
  SEARCH_MAX_TAGS,
  SEARCH_NEXT_PAGE_AT,
  type SearchField,
} from '@pactum/core/search';
import { archiveFilePath, archivePath } from '../archive';
import { homeDocumentPath } from '../dashboard';
import type { SearchHit, SearchRequest } from './types';

/*
 * The search drawer's rules without React (spec 3 §2.6, §5 'Search', §9): when a search may be
 * sent, what it asks, which row fetches the next page, where a hit opens and which keys open
 * the drawer.
 */

/**
 * Whether the drawer may ask: at least 3 characters, or a tag to filter by. The server refuses
 * anything shorter (400), so nothing else is ever sent.
 */
export function canSearch(request: Pick<SearchRequest, 'query' | 'tags'>): boolean {
  return isSearchable(request.query) || request.tags.length > 0;
}

/** The query string of one page: a query too short to count is left out (tags alone list). */
export function searchParams(request: SearchRequest, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (isSearchable(request.query)) params.set('q', request.query.trim());
  if (request.collection) params.set('collection', request.collection);
  for (const tag of request.tags) params.append('tag', tag);
  params.set('page', String(page));
  params.set('pageSize', String(request.pageSize));
  return params;
}

/**
 * The row whose coming into view fetches the next page: the one about 75 % down the loaded
 * results (spec 3 §9), so the next page is there before the reader reaches the end. -1 for none.
 */
export function nextPageRow(loaded: number): number {
  if (loaded <= 0) return -1;
  return Math.min(loaded - 1, Math.floor(loaded * SEARCH_NEXT_PAGE_AT));
}

/**
 * The active row after Arrow Up (-1) or Arrow Down (+1) among `count` rows: the first press
 * down takes the first row, up from the first leaves the rows (-1, back in the field), and
 * down stays on the last.
 */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  const next = Math.min(active, count - 1) + step;
  return Math.max(-1, Math.min(count - 1, next));
}

/** The words of the secondary line: what kind of document, and where the words were found. */
export type HitPlace = { kind: SearchHit['kind']; field: SearchField; page: number | null };

export function hitPlace(hit: Pick<SearchHit, 'kind' | 'field' | 'page'>): HitPlace {
  const isPdfPage = hit.field === 'dealPage' || hit.field === 'archivePage';
  return { kind: hit.kind, field: hit.field, page: isPdfPage ? hit.page : null };
}

/**
 * Where a hit opens: a deal as the home opens it (doc-load for a party's user, the signing view
 * for a named signer), a file in the archive viewer inside its folder (the Inbox without one),
 * a folder as the folder's page.
 */
export function hitPath(hit: Pick<SearchHit, 'kind' | 'id' | 'myParty' | 'parentId'>): string {
  if (hit.kind === 'deal')
    return homeDocumentPath({ kind: 'deal', id: hit.id, myParty: hit.myParty });
  if (hit.kind === 'archive-file') return archiveFilePath({ id: hit.id, parentId: hit.parentId });
  return archivePath(hit.id);
}

/** The tag filter with `tag` added: trimmed, once, at most `SEARCH_MAX_TAGS`. */
export function addTag(tags: readonly string[], tag: string): string[] {
  const value = tag.trim();
  if (value === '' || tags.includes(value) || tags.length >= SEARCH_MAX_TAGS) return [...tags];
  return [...tags, value];
}

/** What the empty state names: the words typed, else the tags filtered by. */
export function searchSubject(request: Pick<SearchRequest, 'query' | 'tags'>): string {
  return isSearchable(request.query) ? request.query.trim() : request.tags.join(', ');
}

type KeyTarget = { tagName?: unknown; isContentEditable?: unknown } | null;

/** Whether a key goes into something the user types in (where '/' is a character). */
export function isTypingTarget(target: KeyTarget): boolean {
  if (!target) return false;
  if (target.isContentEditable === true) return true;
  const tag = typeof target.tagName === 'string' ? target.tagName.toUpperCase() : '';
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

type ShortcutKey = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: KeyTarget;
};

/** '/' outside a text field, or Ctrl+K / Cmd+K anywhere, opens the search drawer. */
export function isSearchShortcut(event: ShortcutKey): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
    return true;
  }
  const hasModifier = event.ctrlKey || event.metaKey || event.altKey;
  return event.key === '/' && !hasModifier && !isTypingTarget(event.target);
}

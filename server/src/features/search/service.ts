import type { SearchQuery, SearchResult } from '@pactum/core/api/search';
import {
  type DealProcess,
  type DealState,
  dealStates,
  draftProcesses,
  partyRoles,
} from '@pactum/core/documents';
import {
  cutExcerpt,
  isSearchable,
  type SearchField,
  searchFields,
  searchWords,
} from '@pactum/core/search';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { type Searcher, type SearchRow, searchDocuments } from './queries';

/*
 * Search (spec 3 §5, §7 'Search service'; issue 16): the words of the query are found in what
 * the caller may open now, ranked, a page at a time. The query is read as plain words; tags
 * filter by exact value (a document must carry every tag asked for). A query shorter than 3
 * characters is refused unless tags are given (then the tagged documents are listed).
 */

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

function hitOf(row: SearchRow): SearchResult['items'][number] {
  const isDeal = row.kind === 'deal';
  const field = oneOf(searchFields, row.field) ?? ('title' satisfies SearchField);
  return {
    kind: row.kind,
    id: row.docId,
    title: row.title,
    field,
    page: field === 'dealPage' || field === 'archivePage' ? row.page : null,
    excerpt: cutExcerpt(row.marked),
    tags: row.tags ?? [],
    state: isDeal ? oneOf<DealState>(dealStates, row.state) : null,
    process: isDeal ? oneOf<DealProcess>(draftProcesses, row.process) : null,
    myParty: isDeal ? oneOf(partyRoles, row.party) : null,
    senderName: isDeal ? (row.senderName?.trim() ?? '') : null,
    receiverName: isDeal ? (row.receiverName?.trim() ?? '') : null,
    parentId: isDeal ? null : row.parentId,
    modifiedAt: new Date(row.modifiedAt),
  };
}

/** One page of hits for the caller; `hasMore` when the next page has at least one. */
export async function search(
  platform: Platform,
  options: { user: Searcher; query: SearchQuery },
): Promise<SearchResult> {
  const { user, query } = options;
  const tags = [...new Set(query.tag.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
  if (!isSearchable(query.q) && tags.length === 0) throw new AppError('search_query_too_short');
  const words = isSearchable(query.q) ? searchWords(query.q) : [];
  // Only punctuation, operators or symbols: plain text with no words in it, found nowhere.
  if (words.length === 0 && tags.length === 0) {
    return { items: [], page: query.page, pageSize: query.pageSize, hasMore: false };
  }
  const rows = await searchDocuments(platform.database.db, {
    user,
    words,
    tags,
    collection: query.collection,
    limit: query.pageSize + 1,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.slice(0, query.pageSize).map(hitOf),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}

import type { searchHitSchema, searchResultSchema } from '@pactum/core/api/search';
import type { Wire } from '@pactum/core/api/wire';
import type { SearchCollection, SearchPageSize } from '@pactum/core/search';

/** One document found (GET /api/v1/search), as it travels: dates as ISO strings. */
export type SearchHit = Wire<typeof searchHitSchema>;
/** A page of hits, best first. */
export type SearchResult = Wire<typeof searchResultSchema>;

/** What the drawer asks for: the words typed, the collection, exact tags and the page size. */
export type SearchRequest = {
  query: string;
  /** Undefined searches deals and the archive both. */
  collection: SearchCollection | undefined;
  tags: string[];
  pageSize: SearchPageSize;
};

/** The drawer's fields: kept while it is closed, so reopening it shows the last search. */
export type SearchForm = Omit<SearchRequest, 'query'> & { text: string };

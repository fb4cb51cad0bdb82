import { TEMPLATE_PAGE_SIZE } from '@pactum/core/api/templates';
import type { TemplateFilter, TemplateGroup } from '@pactum/core/templates';
import type { TemplateCard } from './types';

/*
 * The library pages through the server: the tab, the card filters and the search go to
 * `GET /templates`, which filters and searches before paging (spec 2 §2.1; the search is fuzzy
 * and answers the best match first, spec 2 §9). The browser groups the cards it has into the
 * library's sections, keeping the server's order in each.
 */

/** The library's filters; an empty value means any. */
export type LibraryFilters = {
  category: string;
  language: string;
  region: string;
  partner: string;
};

/** What the library asks the server for besides the tab: the filters and the search. */
export type LibraryQuery = LibraryFilters & { search: string };

export const emptyFilters: LibraryFilters = { category: '', language: '', region: '', partner: '' };

export const hasFilters = (filters: LibraryFilters) =>
  Object.values(filters).some((value) => value !== '');

/** The query string of one library page: the tab, the filters set, the search and the page. */
export function libraryQueryString(
  filter: TemplateFilter,
  query: LibraryQuery,
  page: number,
  pageSize = TEMPLATE_PAGE_SIZE,
): string {
  const params = new URLSearchParams({ filter });
  for (const field of ['category', 'language', 'region', 'partner'] as const) {
    if (query[field]) params.set(field, query[field]);
  }
  const search = query.search.trim();
  if (search) params.set('q', search);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** The templates of each library section, in the order given. */
export function groupTemplates(
  templates: readonly TemplateCard[],
): Record<TemplateGroup, TemplateCard[]> {
  const groups: Record<TemplateGroup, TemplateCard[]> = { my: [], shared: [], global: [] };
  for (const template of templates) groups[template.group].push(template);
  return groups;
}

import type { templateListQuerySchema } from '@pactum/core/api/templates';
import { type TemplateCard, type TemplateList, templateGroup } from '@pactum/core/templates';
import type { z } from 'zod';
import { isProductAdmin } from '../../documents/product-admin';
import type { DocumentCaller } from '../../documents/require-document';
import type { Platform } from '../../platform/platform';
import { globalTemplates } from './global-cache';
import {
  type CardFilters,
  type CardRow,
  searchWords,
  selectReachedCards,
  selectReachedChoices,
  selectSearchedCards,
  selectTemplateRoles,
} from './queries';

export type TemplateListQuery = z.output<typeof templateListQuerySchema>;

/** Newest change first, then the larger id: the library's one order, in SQL and in memory. */
function isBefore(a: CardRow, b: CardRow): boolean {
  const at = a.modifiedAt.getTime();
  const bt = b.modifiedAt.getTime();
  return at !== bt ? at > bt : a.id > b.id;
}

/**
 * The first `count` cards of two lists each already in the library's order, in that order. The
 * first k cards of the merge depend only on the first k of each list, so every page cut from
 * it agrees with the others: no card twice, none skipped.
 */
export function mergeCards(a: CardRow[], b: CardRow[], count: number): CardRow[] {
  const merged: CardRow[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < count && (i < a.length || j < b.length)) {
    const left = a[i];
    const right = b[j];
    if (left && (!right || isBefore(left, right))) {
      merged.push(left);
      i += 1;
    } else if (right) {
      merged.push(right);
      j += 1;
    }
  }
  return merged;
}

function matchesGlobal(card: CardRow, filters: CardFilters): boolean {
  return (
    (!filters.category || card.category === filters.category) &&
    (!filters.language || card.language === filters.language) &&
    (!filters.region || card.region === filters.region) &&
    (!filters.partner || card.partner === filters.partner)
  );
}

const merged = (lists: Array<Array<string | null>>) =>
  [...new Set(lists.flat().filter((value): value is string => !!value))].sort((a, b) =>
    a.localeCompare(b),
  );

/**
 * The template library (spec 2 §2.1), one page: the caller's own templates (my), those shared
 * with them (shared) and the global partner templates (global), newest change first with the id
 * as tiebreak, filtered by category, language, region and partner, all before paging.
 *
 * The caller's templates are read a page at a time in SQL; the global ones come from the
 * process's cache (`global-cache.ts`). 'All' merges the two: the first `offset + pageSize + 1`
 * cards of each, merged, give the page exactly and tell whether more follow.
 *
 * A search (`q`, fuzzy in titles and abstracts, best match first) reads the tab's templates,
 * global ones included, in one SQL query (`selectSearchedCards`) and bypasses the cache: the
 * trigram similarity that matches and ranks a card is PostgreSQL's, so computing it there for
 * the globals too keeps one rule and one order, and searches are far rarer than browsing. The
 * cache then serves only the first page's filter choices.
 */
export async function listTemplates(
  platform: Platform,
  options: { caller: DocumentCaller; query: TemplateListQuery },
): Promise<TemplateList> {
  const { db } = platform.database;
  const { caller, query } = options;
  const { filter, page, pageSize } = query;
  const filters: CardFilters = {
    category: query.category,
    language: query.language,
    region: query.region,
    partner: query.partner,
  };
  const words = searchWords(query.q);
  const offset = (page - 1) * pageSize;
  // One card past the page tells whether another page follows.
  const wanted = pageSize + 1;

  const isSearch = words.length > 0;
  const hasGlobals = filter === 'all' || filter === 'global';
  const globals = hasGlobals && (!isSearch || page === 1) ? await globalTemplates(platform) : null;

  let rows: CardRow[];
  if (isSearch) {
    rows = await selectSearchedCards(db, {
      userId: caller.id,
      scope: filter,
      filters,
      words,
      limit: wanted,
      offset,
    });
  } else if (filter === 'global') {
    const globalCards = (globals?.cards ?? []).filter((card) => matchesGlobal(card, filters));
    rows = globalCards.slice(offset, offset + wanted);
  } else {
    const reached = await selectReachedCards(db, {
      userId: caller.id,
      scope: filter,
      filters,
      // 'All' needs every card before the page from both sources to know where the page starts.
      limit: filter === 'all' ? offset + wanted : wanted,
      offset: filter === 'all' ? 0 : offset,
    });
    const globalCards = (globals?.cards ?? []).filter((card) => matchesGlobal(card, filters));
    rows =
      filter === 'all' ? mergeCards(globalCards, reached, offset + wanted).slice(offset) : reached;
  }

  const hasMore = rows.length > pageSize;
  const pageRows = rows.slice(0, pageSize);
  const roles = await selectTemplateRoles(
    db,
    caller.id,
    pageRows.map((row) => row.id),
  );
  const isAdmin = isProductAdmin(platform, caller);
  const cards: TemplateCard[] = pageRows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    canEdit: roles.get(row.id) === 'edit' || (row.isGlobal && isAdmin),
    group: templateGroup(row, caller.id),
  }));

  let choices: TemplateList['choices'] = null;
  if (page === 1) {
    const reachedChoices =
      filter === 'global'
        ? []
        : await selectReachedChoices(db, { userId: caller.id, scope: filter });
    const from = (field: keyof CardFilters) =>
      merged([globals?.choices[field] ?? [], reachedChoices.map((row) => row[field])]);
    choices = {
      category: from('category'),
      language: from('language'),
      region: from('region'),
      partner: from('partner'),
    };
  }
  return { templates: cards, page, pageSize, hasMore, choices };
}

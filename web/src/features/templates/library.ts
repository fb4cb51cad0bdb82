import type { TemplateGroup } from '@pactum/core/templates';
import Fuse, { type IFuseOptions } from 'fuse.js';
import type { TemplateCard } from './api/list-templates';

/** Spec 2 §9: the library's fuzzy search on title and abstract. */
export const SEARCH_OPTIONS: IFuseOptions<TemplateCard> = {
  keys: ['title', 'abstract'],
  threshold: 0.5,
  distance: 20,
  minMatchCharLength: 2,
};
/** Spec 2 §9: the longest search pattern; longer text is cut. */
export const SEARCH_PATTERN_MAX = 32;

/** The library's filters; an empty value means any. */
export type LibraryFilters = {
  category: string;
  language: string;
  region: string;
  partner: string;
};

export const emptyFilters: LibraryFilters = { category: '', language: '', region: '', partner: '' };

export const hasFilters = (filters: LibraryFilters) =>
  Object.values(filters).some((value) => value !== '');

/** The templates that match every chosen filter. */
export function filterTemplates(
  templates: readonly TemplateCard[],
  filters: LibraryFilters,
): TemplateCard[] {
  return templates.filter(
    (template) =>
      (!filters.category || template.category === filters.category) &&
      (!filters.language || template.language === filters.language) &&
      (!filters.region || template.region === filters.region) &&
      (!filters.partner || template.partner === filters.partner),
  );
}

/**
 * The templates whose title or abstract fuzzily match the search (best first); an empty search
 * keeps all in their order. The pattern is cut at 32 characters.
 */
export function searchTemplates(templates: readonly TemplateCard[], query: string): TemplateCard[] {
  const pattern = query.trim().slice(0, SEARCH_PATTERN_MAX);
  if (!pattern) return [...templates];
  return new Fuse(templates, SEARCH_OPTIONS).search(pattern).map((result) => result.item);
}

/** The templates of each library section, in the order given. */
export function groupTemplates(
  templates: readonly TemplateCard[],
): Record<TemplateGroup, TemplateCard[]> {
  const groups: Record<TemplateGroup, TemplateCard[]> = { my: [], shared: [], global: [] };
  for (const template of templates) groups[template.group].push(template);
  return groups;
}

/** The values the templates have for a filter, each once, sorted: the filter's choices. */
export function filterChoices(
  templates: readonly TemplateCard[],
  field: keyof LibraryFilters,
): string[] {
  const values = new Set<string>();
  for (const template of templates) {
    const value = template[field];
    if (value) values.add(value);
  }
  return [...values].sort((a, b) => a.localeCompare(b));
}

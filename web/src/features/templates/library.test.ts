import { describe, expect, it } from 'vitest';
import { emptyFilters, groupTemplates, hasFilters, libraryQueryString } from './library';
import type { TemplateCard } from './types';

const card = (overrides: Partial<TemplateCard>): TemplateCard => ({
  id: overrides.title ?? 'id',
  title: 'Untitled',
  abstract: '',
  category: 'misc',
  language: 'en',
  region: 'fi',
  partner: null,
  isGlobal: false,
  price: null,
  createdBy: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  modifiedAt: '2026-01-01T00:00:00.000Z',
  canEdit: true,
  group: 'my',
  ...overrides,
});

const nda = card({ title: 'Non-disclosure agreement', abstract: 'Keeps secrets', category: 'nda' });
const sales = card({
  title: 'Sales contract',
  abstract: 'Selling goods between companies',
  category: 'sales',
  language: 'fi',
  group: 'shared',
});
const service = card({
  title: 'Service agreement',
  abstract: 'IT services',
  category: 'ict',
  region: 'se',
  partner: 'Lexia',
  isGlobal: true,
  group: 'global',
});
const all = [nda, sales, service];

describe('libraryQueryString', () => {
  it('asks for the tab, the page and 24 cards, leaving out filters that are not set', () => {
    expect(libraryQueryString('all', { ...emptyFilters, search: '' }, 1)).toBe(
      'filter=all&page=1&pageSize=24',
    );
  });

  it('sends the filters set and the trimmed search, encoded', () => {
    const query = { ...emptyFilters, partner: 'Lex & Co', region: 'fi', search: '  nda 50% ' };
    const params = new URLSearchParams(libraryQueryString('global', query, 3));
    expect(Object.fromEntries(params)).toEqual({
      filter: 'global',
      region: 'fi',
      partner: 'Lex & Co',
      q: 'nda 50%',
      page: '3',
      pageSize: '24',
    });
  });

  it('knows when a filter is on', () => {
    expect(hasFilters(emptyFilters)).toBe(false);
    expect(hasFilters({ ...emptyFilters, region: 'fi' })).toBe(true);
  });
});

describe('groupTemplates', () => {
  it('puts each card in its library section', () => {
    expect(groupTemplates(all)).toEqual({ my: [nda], shared: [sales], global: [service] });
  });
});

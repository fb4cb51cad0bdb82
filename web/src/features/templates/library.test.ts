import { describe, expect, it } from 'vitest';
import type { TemplateCard } from './api/list-templates';
import {
  emptyFilters,
  filterChoices,
  filterTemplates,
  groupTemplates,
  hasFilters,
  searchTemplates,
} from './library';

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

describe('searchTemplates', () => {
  it('finds by title with a typo and by abstract, and keeps all for an empty search', () => {
    expect(searchTemplates(all, 'servce').map((t) => t.title)).toEqual(['Service agreement']);
    expect(searchTemplates(all, 'secrets').map((t) => t.title)).toEqual([
      'Non-disclosure agreement',
    ]);
    expect(searchTemplates(all, '  ')).toEqual(all);
  });

  it('finds nothing for unrelated text or a match far into the text (distance 20)', () => {
    expect(searchTemplates(all, 'zzqqxx')).toEqual([]);
    // 'agreement' starts 8 characters in: 8/20 for the distance plus a typo is over 0.5.
    expect(searchTemplates([service], 'agrement')).toEqual([]);
    expect(searchTemplates([service], 'agreement')).toEqual([service]);
  });

  it('searches with the first 32 characters of a longer text', () => {
    const master = card({ title: 'Master services agreement for consulting work' });
    const long = `${master.title} and some words the title does not have`;
    expect(searchTemplates([master, nda], long)).toEqual([master]);
  });
});

describe('filterTemplates', () => {
  it('keeps the templates that match every chosen filter', () => {
    expect(filterTemplates(all, emptyFilters)).toEqual(all);
    expect(filterTemplates(all, { ...emptyFilters, language: 'fi' })).toEqual([sales]);
    expect(filterTemplates(all, { ...emptyFilters, partner: 'Lexia', region: 'se' })).toEqual([
      service,
    ]);
    expect(filterTemplates(all, { ...emptyFilters, partner: 'Lexia', region: 'fi' })).toEqual([]);
    expect(hasFilters(emptyFilters)).toBe(false);
    expect(hasFilters({ ...emptyFilters, region: 'fi' })).toBe(true);
  });

  it('offers each value once as a choice', () => {
    expect(filterChoices(all, 'region')).toEqual(['fi', 'se']);
    expect(filterChoices(all, 'partner')).toEqual(['Lexia']);
  });
});

describe('groupTemplates', () => {
  it('puts each card in its library section', () => {
    expect(groupTemplates(all)).toEqual({ my: [nda], shared: [sales], global: [service] });
  });
});

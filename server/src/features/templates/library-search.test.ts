import type { TemplateList } from '@pactum/core/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAccess, templates } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { caller } from '../sharing/test-support';

/*
 * The library's fuzzy search (spec 2 §2.1, §9: threshold 0.5, minimum match length 2, pattern
 * maximum 32) in SQL: typos and accents, every word required, best match first, paging over the
 * results, LIKE's wildcards as plain characters, and only the templates a user may see.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let admin: TestUser;

const base = Date.parse('2026-02-01T00:00:00.000Z');
const at = (minutes: number) => new Date(base + minutes * 60_000);

type Fixture = { title: string; abstract: string; minutes: number; category?: string };

const globals: Fixture[] = [
  {
    title: 'Service level agreement',
    abstract: 'Uptime and support for hosted software',
    minutes: 90,
    category: 'ict',
  },
  { title: 'Servicing plan', abstract: 'Regular upkeep of machines', minutes: 60, category: 'ict' },
  { title: 'Non-disclosure agreement', abstract: 'Keeps secrets', minutes: 80, category: 'nda' },
  { title: 'Työsopimus', abstract: 'Työntekijän ja työnantajan välinen sopimus', minutes: 70 },
  // Ten rental templates: the word in the title; three share a moment (the id decides).
  ...Array.from({ length: 10 }, (_, index) => ({
    title: `Vuokrasopimus ${index}`,
    abstract: 'Asunnon vuokraus',
    minutes: 100 + Math.min(index, 7),
  })),
];

const own: Fixture[] = [
  {
    title: 'Service agreement',
    abstract: 'IT services for a company',
    minutes: 50,
    category: 'ict',
  },
  { title: 'Sales contract', abstract: 'Selling goods between companies', minutes: 40 },
  {
    title: 'Maintenance terms',
    abstract: 'Service levels and response times',
    minutes: 30,
    category: 'ict',
  },
  { title: 'Åland lease', abstract: 'Hyresavtal på Åland', minutes: 20 },
  { title: 'Discount clause a_c', abstract: 'Gives 50% off the first year', minutes: 10 },
  { title: 'Clause abc', abstract: 'Plain letters', minutes: 9 },
  // The word far past the part of the abstract a card shows.
  {
    title: 'Arbitration rules',
    abstract: `${'Long text. '.repeat(80)}Mediation first.`,
    minutes: 8,
  },
  // Ten premises: the word in the abstract only, interleaved in time with the rental ones.
  ...Array.from({ length: 10 }, (_, index) => ({
    title: `Toimitila ${index}`,
    abstract: 'Toimitilan vuokra ja vakuus',
    minutes: 100 + Math.min(index, 6) + 0.5,
  })),
];

beforeAll(async () => {
  t = await createTestApp({ isWorker: false, env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  call = caller(t);
  [owner, colleague, stranger] = await createUsers(t.platform, 3);
  admin = await createUser(t.platform, { isAdmin: true, email: `admin-${Date.now()}@pactum.fi` });
  const { db } = t.platform.database;
  const row = (fixture: Fixture, createdBy: string, isGlobal: boolean) => ({
    title: fixture.title,
    abstract: fixture.abstract,
    category: fixture.category ?? 'misc',
    language: 'en',
    region: 'fi',
    isGlobal,
    createdBy,
    modifiedAt: at(fixture.minutes),
  });
  await db.insert(templates).values(globals.map((fixture) => row(fixture, admin.id, true)));
  const ownRows = await db
    .insert(templates)
    .values(own.map((fixture) => row(fixture, owner.id, false)))
    .returning({ id: templates.id, title: templates.title });
  await db.insert(documentAccess).values(
    ownRows.map((template) => ({
      collection: 'templates' as const,
      documentId: template.id,
      userId: owner.id,
      email: owner.email,
      role: 'edit' as const,
      createdBy: owner.id,
    })),
  );
  // The colleague may view the owner's service agreement.
  const shared = ownRows.find((template) => template.title === 'Service agreement');
  if (!shared) throw new Error('no template');
  await db.insert(documentAccess).values({
    collection: 'templates',
    documentId: shared.id,
    userId: colleague.id,
    email: colleague.email,
    role: 'view',
    createdBy: owner.id,
  });
});
afterAll(() => t?.close());

const page = async (user: TestUser, query: string) => {
  const response = await call('GET', `/templates?${query}`, user.cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as TemplateList;
};

/** The titles a search finds, best first (one page of up to 100). */
const titles = async (user: TestUser, query: string) =>
  (await page(user, `${query}&pageSize=100`)).templates.map((card) => card.title);

/** The order between equally good matches: newest change first, then the larger id. */
const byNewest = (a: { modifiedAt: string; id: string }, b: { modifiedAt: string; id: string }) =>
  b.modifiedAt.localeCompare(a.modifiedAt) || (a.id < b.id ? 1 : -1);

const search = (q: string, filter = 'all') => `filter=${filter}&q=${encodeURIComponent(q)}`;

describe('the library search', () => {
  it('finds a title with a letter left out, and a word in the abstract', async () => {
    // 'servce' is 0.57 similar to 'service' and to 'servicing': found in the titles first,
    // then in an abstract; ties by the newest change.
    expect(await titles(owner, search('servce'))).toEqual([
      'Service level agreement',
      'Servicing plan',
      'Service agreement',
      'Maintenance terms',
    ]);
    expect(await titles(owner, search('secrets'))).toEqual(['Non-disclosure agreement']);
    expect(await titles(owner, search('upkeep'))).toEqual(['Servicing plan']);
    // A word far into a long abstract is found too.
    expect(await titles(owner, search('mediation'))).toEqual(['Arbitration rules']);
    expect(await titles(owner, search('zzqqxx'))).toEqual([]);
  });

  it('ignores accents and case, in the search and in the templates', async () => {
    for (const q of ['tyosopimus', 'TYÖSOPIMUS', 'työsopimuss']) {
      const found = await titles(owner, search(q));
      expect(found[0]).toBe('Työsopimus');
      // Other contracts ('-sopimus') may be close words too, and come after.
      expect(found.slice(1).every((title) => title.startsWith('Vuokrasopimus'))).toBe(true);
    }
    expect(await titles(owner, search('aland'))).toEqual(['Åland lease']);
    expect(await titles(owner, search('ÅLAND', 'my'))).toEqual(['Åland lease']);
  });

  it('requires every word of two characters or more, and ignores one-letter words', async () => {
    expect(await titles(owner, search('service agreement'))).toEqual([
      'Service level agreement',
      'Service agreement',
    ]);
    expect(await titles(owner, search('service zebra'))).toEqual([]);
    expect(await titles(owner, search('servce x'))).toEqual(await titles(owner, search('servce')));
    // One letter alone is no search: the tab's cards, newest first.
    const unsearched = await page(owner, 'filter=my&pageSize=100');
    expect(await titles(owner, 'filter=my&q=a')).toEqual(
      unsearched.templates.map((card) => card.title),
    );
    expect(unsearched.templates).toHaveLength(own.length);
  });

  it('lists the best match first: a title before an abstract, a whole word before a close one', async () => {
    expect(await titles(owner, search('service'))).toEqual([
      // The word in the title (newest change first between equals).
      'Service level agreement',
      'Service agreement',
      // A close word in the title ('servicing', 0.75).
      'Servicing plan',
      // The word in the abstract only.
      'Maintenance terms',
    ]);
    // The filters apply to the search's results.
    expect(await titles(owner, `${search('service', 'my')}&category=ict`)).toEqual([
      'Service agreement',
      'Maintenance terms',
    ]);
  });

  it('pages over the results with no repeats or gaps, in the one order', async () => {
    const cards = (await page(owner, `${search('vuokra')}&pageSize=100`)).templates;
    // Title hits (the rental templates) before abstract hits (the premises, though some are
    // newer), each newest change first, then the larger id.
    const rental = cards.slice(0, 10);
    const premises = cards.slice(10);
    expect(cards).toHaveLength(20);
    expect(rental.every((card) => card.title.startsWith('Vuokrasopimus'))).toBe(true);
    expect(premises.every((card) => card.title.startsWith('Toimitila'))).toBe(true);
    expect(rental).toEqual([...rental].sort(byNewest));
    expect(premises).toEqual([...premises].sort(byNewest));
    expect(new Set(rental.slice(0, 3).map((card) => card.title))).toEqual(
      new Set(['Vuokrasopimus 7', 'Vuokrasopimus 8', 'Vuokrasopimus 9']),
    );

    for (const [filter, count] of [
      ['all', 20],
      ['global', 10],
      ['my', 10],
    ] as const) {
      const paged: string[] = [];
      const ids = new Set<string>();
      for (let number = 1; ; number += 1) {
        const answer = await page(owner, `${search('vuokra', filter)}&page=${number}&pageSize=3`);
        for (const card of answer.templates) ids.add(card.id);
        paged.push(...answer.templates.map((card) => card.title));
        if (!answer.hasMore) break;
        expect(answer.templates).toHaveLength(3);
      }
      expect(ids.size).toBe(count);
      expect(paged).toEqual(await titles(owner, search('vuokra', filter)));
    }
  });

  it('takes LIKE’s wildcards as plain characters', async () => {
    // 'a_c' is no pattern for 'abc'. (Trigrams leave punctuation out: 'a' and 'c…' words are
    // close to it, so the service agreement's 'for a company' is found after the exact hit.)
    const underscore = await titles(owner, search('a_c'));
    expect(underscore[0]).toBe('Discount clause a_c');
    expect(underscore).not.toContain('Clause abc');
    expect((await titles(owner, search('50%')))[0]).toBe('Discount clause a_c');
    expect(await titles(owner, search('%%'))).toEqual([]);
    expect(await titles(owner, search('__'))).toEqual([]);
  });

  it('shows a stranger only the global templates, and a colleague what is shared with them', async () => {
    expect(await titles(stranger, search('servce'))).toEqual([
      'Service level agreement',
      'Servicing plan',
    ]);
    expect(await titles(stranger, search('servce', 'my'))).toEqual([]);
    expect(await titles(stranger, search('servce', 'shared'))).toEqual([]);
    expect(await titles(stranger, search('aland'))).toEqual([]);
    expect(await titles(stranger, search('vuokra'))).toHaveLength(10);

    const shared = await page(colleague, `${search('servce', 'shared')}&pageSize=100`);
    expect(shared.templates.map((card) => [card.title, card.group, card.canEdit])).toEqual([
      ['Service agreement', 'shared', false],
    ]);
    expect(await titles(colleague, search('servce'))).toEqual([
      'Service level agreement',
      'Servicing plan',
      'Service agreement',
    ]);
  });

  it('offers the tab’s filter values with the first page of a search', async () => {
    const first = await page(owner, `${search('servce')}&pageSize=1`);
    expect(first.choices?.category).toEqual(['ict', 'misc', 'nda']);
    expect(first.hasMore).toBe(true);
    expect((await page(owner, `${search('servce')}&pageSize=1&page=2`)).choices).toBeNull();
  });
});

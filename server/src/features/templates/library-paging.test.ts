import { templateCardSchema } from '@pactum/core/api/templates';
import type { TemplateList } from '@pactum/core/templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAccess, templates } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { caller, makeTemplate, makeWorkspace } from '../sharing/test-support';
import {
  GLOBAL_CHECK_INTERVAL_MS,
  globalTemplateCacheStats,
  invalidateGlobalTemplates,
} from './global-cache';
import { CARD_ABSTRACT_CHARS } from './queries';
import { seedGlobalTemplates, seedTemplates } from './seed';

/*
 * The library a page at a time (issue 20): paging in SQL with no repeats or gaps, the filters
 * and the search before paging, the card's columns only, a user's own templates never pushed
 * out by many global ones, and the process cache of the global templates.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let admin: TestUser;

const GLOBALS = 1200;
const base = Date.parse('2026-01-01T00:00:00.000Z');
/** The owner's eight templates, two of them changed at the same moment (the id decides). */
const ownTimes = [50, 40, 40, 30, 20, 10, 5, 1].map((minutes) => base + minutes * 60_000);
let ownIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ isWorker: false, env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  call = caller(t);
  [owner, colleague, stranger, otherWorkspaceUser] = await createUsers(t.platform, 4);
  admin = await createUser(t.platform, {
    isAdmin: true,
    email: `admin-${Date.now()}@pactum.fi`,
  });
  await makeWorkspace(t, [otherWorkspaceUser.id], 'Other company');
  const { db } = t.platform.database;
  // The global templates in one multi-row insert, all changed after the owner's own.
  await db.insert(templates).values(
    Array.from({ length: GLOBALS }, (_, index) => ({
      title: `Partner template ${index}`,
      abstract: index === 7 ? 'Covers the zebra crossing' : 'A partner’s terms',
      category: index % 2 === 0 ? 'sales' : 'nda',
      language: 'en',
      region: 'global',
      partner: index % 3 === 0 ? 'Lexpart' : 'Pactum',
      isGlobal: true,
      createdBy: admin.id,
      modifiedAt: new Date(base + 3_600_000 + (index % 400) * 1000),
    })),
  );
  const own = await db
    .insert(templates)
    .values(
      ownTimes.map((time, index) => ({
        title: `Own template ${index}`,
        abstract: index === 0 ? `Zebra ${'long words '.repeat(200)}` : 'My own terms',
        category: index === 1 ? 'privacy' : 'sales',
        language: 'fi',
        region: 'fi',
        createdBy: owner.id,
        modifiedAt: new Date(time),
      })),
    )
    .returning({ id: templates.id });
  ownIds = own.map((row) => row.id);
  await db.insert(documentAccess).values(
    ownIds.map((documentId) => ({
      collection: 'templates' as const,
      documentId,
      userId: owner.id,
      email: owner.email,
      role: 'edit' as const,
      createdBy: owner.id,
    })),
  );
});
afterAll(() => t?.close());

const page = async (user: TestUser, query: string) => {
  const response = await call('GET', `/templates?${query}`, user.cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as TemplateList;
};

/** Every page of a list, in order; the page count too. */
async function allPages(user: TestUser, query: string, pageSize: number) {
  const cards: TemplateList['templates'] = [];
  let pages = 0;
  for (let number = 1; ; number += 1) {
    const answer = await page(user, `${query}&page=${number}&pageSize=${pageSize}`);
    expect(answer).toMatchObject({ page: number, pageSize });
    cards.push(...answer.templates);
    pages += 1;
    if (!answer.hasMore) break;
    expect(answer.templates).toHaveLength(pageSize);
  }
  return { cards, pages };
}

/** The library's order: newest change first, then the larger id. */
const byNewest = (a: { modifiedAt: string; id: string }, b: { modifiedAt: string; id: string }) =>
  b.modifiedAt.localeCompare(a.modifiedAt) || (a.id < b.id ? 1 : -1);

describe('paging the library', () => {
  it('pages My templates newest change first, ties by id, with no repeats or gaps', async () => {
    const { cards, pages } = await allPages(owner, 'filter=my', 3);
    expect(pages).toBe(3);
    expect(cards.map((card) => card.id)).toHaveLength(ownIds.length);
    expect(new Set(cards.map((card) => card.id))).toEqual(new Set(ownIds));
    expect(cards).toEqual([...cards].sort(byNewest));
    expect(cards.every((card) => card.group === 'my' && card.canEdit)).toBe(true);
  });

  it('answers the card’s fields only, with no more abstract than a card shows', async () => {
    const answer = await page(owner, 'filter=my&pageSize=1');
    const [card] = answer.templates;
    expect(Object.keys(card ?? {}).sort()).toEqual(Object.keys(templateCardSchema.shape).sort());
    expect(card?.abstract.startsWith('Zebra long words')).toBe(true);
    expect(card?.abstract).toHaveLength(CARD_ABSTRACT_CHARS);
    expect(answer.hasMore).toBe(true);
  });

  it('keeps a user’s own templates in All beside 1,200 newer global ones', async () => {
    const { cards } = await allPages(owner, 'filter=all', 100);
    expect(cards).toHaveLength(GLOBALS + ownIds.length);
    expect(new Set(cards.map((card) => card.id)).size).toBe(cards.length);
    expect(cards).toEqual([...cards].sort(byNewest));
    // All globals are newer: the owner's come last, in their own order.
    expect(cards.slice(-ownIds.length).map((card) => card.group)).toEqual(ownIds.map(() => 'my'));
    const mine = await page(owner, 'filter=my');
    expect(mine.templates.map((card) => card.id)).toHaveLength(ownIds.length);
  });

  it('merges global and own templates exactly when they interleave', async () => {
    const { db } = t.platform.database;
    // Two of the owner's templates move between the globals' changes.
    const [first, second] = ownIds;
    if (!first || !second) throw new Error('no templates');
    await db
      .update(templates)
      .set({ modifiedAt: new Date(base + 3_600_000 + 150_500) })
      .where(eq(templates.id, first));
    await db
      .update(templates)
      .set({ modifiedAt: new Date(base + 3_600_000 + 380_000) })
      .where(eq(templates.id, second));
    const { cards } = await allPages(owner, 'filter=all', 37);
    expect(cards).toHaveLength(GLOBALS + ownIds.length);
    expect(new Set(cards.map((card) => card.id)).size).toBe(cards.length);
    expect(cards).toEqual([...cards].sort(byNewest));
    const at = cards.findIndex((card) => card.id === first);
    expect(cards[at - 1]?.isGlobal).toBe(true);
    expect(cards[at + 1]?.isGlobal).toBe(true);
  });

  it('filters and searches before paging, global templates included', async () => {
    const zebra = await page(owner, 'filter=all&q=ZEBRA');
    expect(zebra.templates.map((card) => card.title).sort()).toEqual([
      'Own template 0',
      'Partner template 7',
    ]);
    const privacy = await page(owner, 'filter=all&category=privacy');
    expect(privacy.templates.map((card) => card.title)).toEqual(['Own template 1']);
    const lexpart = await allPages(owner, 'filter=global&partner=Lexpart&category=sales', 100);
    expect(lexpart.cards).toHaveLength(200);
    expect(lexpart.cards.every((card) => card.partner === 'Lexpart')).toBe(true);
    const finnish = await page(owner, 'filter=all&language=fi&region=fi&pageSize=100');
    expect(finnish.templates).toHaveLength(ownIds.length);
    // A one-letter word matches nothing by itself (minimum match length 2): no narrowing.
    expect((await page(owner, 'filter=my&q=a')).templates).toHaveLength(ownIds.length);
    // LIKE's wildcards are plain characters in a search.
    expect((await page(owner, 'filter=all&q=%25%25')).templates).toEqual([]);
  });

  it('offers the filters’ values of the tab on the first page only', async () => {
    const first = await page(owner, 'filter=all');
    expect(first.choices).toEqual({
      category: ['nda', 'privacy', 'sales'],
      language: ['en', 'fi'],
      region: ['fi', 'global'],
      partner: ['Lexpart', 'Pactum'],
    });
    expect((await page(owner, 'filter=my')).choices?.partner).toEqual([]);
    expect((await page(owner, 'filter=all&page=2')).choices).toBeNull();
  });

  it('shows a stranger and another workspace’s user none of the owner’s templates', async () => {
    const shared = await makeTemplate(t, owner.cookie, 'Zebra for a colleague');
    await call('POST', `/templates/${shared.id}/access`, owner.cookie, {
      emails: [colleague.email],
      role: 'view',
    });
    for (const user of [stranger, otherWorkspaceUser]) {
      expect((await page(user, 'filter=all&q=zebra')).templates.map((card) => card.title)).toEqual([
        'Partner template 7',
      ]);
      expect((await page(user, 'filter=my')).templates).toEqual([]);
      expect((await page(user, 'filter=shared')).templates).toEqual([]);
    }
    const colleagues = await page(colleague, 'filter=shared');
    expect(colleagues.templates.map((card) => [card.id, card.group, card.canEdit])).toEqual([
      [shared.id, 'shared', false],
    ]);
  });

  it('refuses a page size over 100 and a page below 1', async () => {
    expect((await call('GET', '/templates?pageSize=101', owner.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/templates?page=0', owner.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/templates?filter=mine', owner.cookie)).statusCode).toBe(400);
  });
});

describe('the global templates’ cache', () => {
  /** A global template's title as a process lists it: from its cache (a search would not be). */
  const globalTitle = async (app: TestApp, id: string) => {
    for (let number = 1; ; number += 1) {
      const response = await app.app.inject({
        method: 'GET',
        url: `/api/v1/templates?filter=global&category=nda&pageSize=100&page=${number}`,
        headers: { cookie: stranger.cookie },
      });
      const answer = response.json() as TemplateList;
      const card = answer.templates.find((template) => template.id === id);
      if (card) return card.title;
      if (!answer.hasMore) return null;
    }
  };

  it('reads the global templates once for many lists', async () => {
    invalidateGlobalTemplates(t.platform);
    const before = globalTemplateCacheStats(t.platform).reads;
    for (const user of [owner, stranger, colleague]) await page(user, 'filter=global');
    await page(owner, 'filter=all');
    expect(globalTemplateCacheStats(t.platform).reads).toBe(before + 1);
    await page(owner, 'filter=global');
    const reads = globalTemplateCacheStats(t.platform).reads;
    await page(stranger, 'filter=global&page=3');
    expect(globalTemplateCacheStats(t.platform).reads).toBe(reads);
  });

  it('shows a change to a global template on the next list, in this process and another', async () => {
    // A second platform and app on the same database plays a second server process.
    const second = await createTestApp({ database: t.database, isWorker: false });
    try {
      const [target] = await t.platform.database.db
        .select({ id: templates.id })
        .from(templates)
        .where(eq(templates.title, 'Partner template 7'));
      if (!target) throw new Error('no template');
      expect(await globalTitle(second, target.id)).toBe('Partner template 7');
      const readsOfSecond = globalTemplateCacheStats(second.platform).reads;

      const renamed = await call('PATCH', `/templates/${target.id}`, admin.cookie, {
        title: 'Partner template 7 renamed',
      });
      expect(renamed.statusCode).toBe(200);
      // The process that made the change reads again at once.
      expect(await globalTitle(t, target.id)).toBe('Partner template 7 renamed');

      // The other process finds the change at its next version check.
      await second.platform.clock.move(GLOBAL_CHECK_INTERVAL_MS);
      expect(await globalTitle(second, target.id)).toBe('Partner template 7 renamed');
      expect(globalTemplateCacheStats(second.platform).reads).toBe(readsOfSecond + 1);

      // A check that finds no change reads nothing.
      const checks = globalTemplateCacheStats(second.platform).checks;
      await second.platform.clock.move(GLOBAL_CHECK_INTERVAL_MS);
      expect(await globalTitle(second, target.id)).toBe('Partner template 7 renamed');
      expect(globalTemplateCacheStats(second.platform)).toEqual({
        reads: readsOfSecond + 1,
        checks: checks + 1,
      });

      // Deleting and unpublishing reach both processes too.
      expect((await call('DELETE', `/templates/${target.id}`, admin.cookie)).statusCode).toBe(204);
      expect(await globalTitle(t, target.id)).toBeNull();
      await second.platform.clock.move(GLOBAL_CHECK_INTERVAL_MS);
      expect(await globalTitle(second, target.id)).toBeNull();
    } finally {
      await second.close();
    }
  });

  it('shows the seeded and newly published global templates on the next list', async () => {
    await page(stranger, 'filter=global');
    expect(await seedGlobalTemplates(t.database)).toBe(seedTemplates.length);
    // From the cache (the seeded templates are the newest), and from a search in SQL.
    const newest = await page(
      stranger,
      `filter=global&partner=Pactum&pageSize=${seedTemplates.length}`,
    );
    expect(new Set(newest.templates.map((card) => card.id))).toEqual(
      new Set(seedTemplates.map((seed) => seed.id)),
    );
    const seeded = await page(stranger, `filter=global&partner=Pactum&q=${'non-disclosure'}`);
    expect(seeded.templates.map((card) => card.id)).toContain(seedTemplates[0]?.id);

    const own = await makeTemplate(t, admin.cookie, 'Freshly published');
    const published = await call('POST', `/templates/${own.id}/publish`, admin.cookie, {
      partner: 'Lexpart',
    });
    expect(published.statusCode).toBe(200);
    const listed = await page(stranger, 'filter=global&q=freshly');
    expect(listed.templates.map((card) => card.id)).toEqual([own.id]);
    expect((await page(stranger, 'filter=global&pageSize=1')).templates[0]?.id).toBe(own.id);
    expect((await call('POST', `/templates/${own.id}/unpublish`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect((await page(stranger, 'filter=global&q=freshly')).templates).toEqual([]);
    expect((await page(stranger, 'filter=global&pageSize=1')).templates[0]?.id).not.toBe(own.id);
  });
});

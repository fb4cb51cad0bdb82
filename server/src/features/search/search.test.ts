import { EXCERPT_CLOSE, EXCERPT_OPEN, SEARCH_PAGE_SIZES } from '@pactum/core/search';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveItems,
  archivePages,
  dealPages,
  dealSigners,
  deals,
  documentAccess,
  documentTags,
  workspaceTags,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';

/*
 * Search (issue 16), what is found and how: every kind of document by each of its indexed
 * words, Finnish and English stems, accents and typos in names, excerpts as plain text, exact
 * tag filters that never reach another workspace's tags, paging without duplicates, and a
 * query of anything at all answered without a server error. Rows are written straight to the
 * tables (the migration's triggers index them); who may see what is in search-access.test.ts,
 * changes made through the real routes in search-changes.test.ts. Each describe has users of
 * its own, so the documents of one never show in another.
 */

let t: TestApp;
const api = apiAs(() => t.app);
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
});
afterAll(() => t?.close());

type Hit = {
  kind: 'deal' | 'archive-file' | 'archive-folder';
  id: string;
  title: string;
  field: string;
  page: number | null;
  excerpt: { text: string; hit: boolean }[];
  tags: string[];
  state: string | null;
  process: string | null;
  myParty: string | null;
  senderName: string | null;
  receiverName: string | null;
  parentId: string | null;
  modifiedAt: string;
};
type Result = { items: Hit[]; page: number; pageSize: number; hasMore: boolean };
type Params = { tag?: string[]; collection?: string; page?: number; pageSize?: number };

function searchUrl(q: string | undefined, params: Params = {}): string {
  const query = new URLSearchParams();
  if (q !== undefined) query.set('q', q);
  for (const tag of params.tag ?? []) query.append('tag', tag);
  if (params.collection) query.set('collection', params.collection);
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.pageSize !== undefined) query.set('pageSize', String(params.pageSize));
  return `/search?${query}`;
}

async function search(user: TestUser, q: string | undefined, params: Params = {}) {
  const response = await api('GET', searchUrl(q, params), user);
  expect(response.statusCode, `${q} ${response.body}`).toBe(200);
  return response.json() as Result;
}

const ids = (result: Result) => result.items.map((item) => item.id);
const hitWords = (hit: Hit | undefined) =>
  (hit?.excerpt ?? []).filter((part) => part.hit).map((part) => part.text);
const excerptText = (hit: Hit | undefined) => (hit?.excerpt ?? []).map((p) => p.text).join('');

/** An archive item written as the archive leaves it; its id. */
async function itemOf(options: {
  name: string;
  type?: 'file' | 'folder';
  workspaceId: string;
  parent?: { id: string; ancestorIds: string[] };
  originalName?: string;
}): Promise<{ id: string; ancestorIds: string[] }> {
  const [item] = await db()
    .insert(archiveItems)
    .values({
      type: options.type ?? 'file',
      name: options.name,
      originalName: options.originalName ?? null,
      workspaceId: options.workspaceId,
      scope: 'workspace',
      parentId: options.parent?.id ?? null,
      ancestorIds: options.parent ? [...options.parent.ancestorIds, options.parent.id] : [],
    })
    .returning({ id: archiveItems.id, ancestorIds: archiveItems.ancestorIds });
  if (!item) throw new Error('no item');
  return item;
}

/** A workspace tag on a deal or an archive item (the tag made when missing). */
async function tagOn(options: {
  workspaceId: string;
  tag: string;
  collection: 'deals' | 'archives';
  documentId: string;
}): Promise<void> {
  const [existing] = await db()
    .select({ id: workspaceTags.id })
    .from(workspaceTags)
    .where(
      and(eq(workspaceTags.workspaceId, options.workspaceId), eq(workspaceTags.tag, options.tag)),
    );
  const tagId =
    existing?.id ??
    (
      await db()
        .insert(workspaceTags)
        .values({ workspaceId: options.workspaceId, tag: options.tag })
        .returning({ id: workspaceTags.id })
    )[0]?.id;
  if (!tagId) throw new Error('no tag');
  await db()
    .insert(documentTags)
    .values({ collection: options.collection, documentId: options.documentId, tagId });
}

describe('finds each kind of document by its words', () => {
  let owner: TestUser;
  let dealId: string;
  let pdfDealId: string;
  let folderId: string;
  let fileId: string;

  beforeAll(async () => {
    owner = await createUser(t.platform, { firstname: 'Olli', lastname: 'Omistaja' });
    const workspaceId = await createWorkspaceWith(db(), [owner]);
    const { deal } = await createDeal(db(), {
      sender: owner,
      title: 'Warehouse lease',
      parties: {
        sender: { type: 'business', name: 'Virtanen Logistics Oy' },
        receiver: { type: 'business', name: 'Korhonen Holding Ab' },
      },
      sections: [
        { title: 'Crane use', html: '<p>The lessee may use the <b>quayside</b> crane.</p>' },
      ],
    });
    dealId = deal.id;
    await db().update(deals).set({ contractUid: 'DSVIRKOR7E1A' }).where(eq(deals.id, dealId));
    await db()
      .insert(dealSigners)
      .values({
        shortId: `s${dealId.slice(0, 12)}`,
        dealId,
        party: 'receiver',
        firstname: 'Aino',
        lastname: 'Lahtinen',
        email: 'aino.lahtinen@example.test',
      });
    const pdf = await createDeal(db(), {
      sender: owner,
      title: 'Inspection certificate',
      process: 'pdf',
      sections: [],
    });
    pdfDealId = pdf.deal.id;
    await db()
      .insert(dealPages)
      .values([
        { dealId: pdfDealId, page: 1, text: 'Cover page' },
        { dealId: pdfDealId, page: 2, text: 'The forklift inspection was passed without remarks' },
      ]);
    const folder = await itemOf({ name: 'Maritime permits', type: 'folder', workspaceId });
    folderId = folder.id;
    const file = await itemOf({
      name: 'Pilotage invoice.pdf',
      originalName: 'scan_00417.pdf',
      workspaceId,
      parent: folder,
    });
    fileId = file.id;
    await db()
      .insert(archivePages)
      .values([
        { itemId: fileId, page: 1, text: 'Invoice' },
        { itemId: fileId, page: 3, text: 'Tugboat schedule for the winter season' },
      ]);
    await tagOn({ workspaceId, tag: 'Satamahanke', collection: 'deals', documentId: dealId });
  });

  const cases = [
    {
      what: 'a deal by its title',
      q: 'warehouse',
      doc: () => dealId,
      field: 'title',
      highlighted: 'Warehouse',
    },
    { what: 'a deal by a party name', q: 'Korhonen', doc: () => dealId, field: 'party' },
    {
      what: 'a deal by its contract id',
      q: 'DSVIRKOR7E1A',
      doc: () => dealId,
      field: 'contractUid',
    },
    { what: 'a deal by section text', q: 'quayside', doc: () => dealId, field: 'section' },
    { what: 'a deal by a signer’s name', q: 'Lahtinen', doc: () => dealId, field: 'signer' },
    {
      what: 'a deal by a signer’s e-mail',
      q: 'aino.lahtinen@example.test',
      doc: () => dealId,
      field: 'signer',
    },
    {
      what: 'a deal by its tag',
      q: 'satamahanke',
      doc: () => dealId,
      field: 'tag',
      highlighted: 'Satamahanke',
    },
    {
      what: 'a Send & Sign deal by its PDF’s text',
      q: 'forklift',
      doc: () => pdfDealId,
      field: 'dealPage',
      page: 2,
    },
    {
      what: 'an archive folder by its name',
      q: 'maritime',
      doc: () => folderId,
      field: 'name',
      highlighted: 'Maritime',
    },
    {
      what: 'an archive file by its name',
      q: 'pilotage',
      doc: () => fileId,
      field: 'name',
      highlighted: 'Pilotage',
    },
    {
      what: 'an archive file by its uploaded file’s name',
      q: 'scan_00417',
      doc: () => fileId,
      field: 'upload',
      highlighted: 'scan_00417.pdf',
    },
    {
      what: 'an archive file by its PDF’s text',
      q: 'tugboat',
      doc: () => fileId,
      field: 'archivePage',
      highlighted: 'Tugboat',
      page: 3,
    },
  ];

  it.each(cases)('$what ($q)', async ({ q, doc, field, page, highlighted }) => {
    const result = await search(owner, q);
    expect(ids(result)).toEqual([doc()]);
    expect(result.hasMore).toBe(false);
    const [hit] = result.items;
    expect(hit).toMatchObject({ field, page: page ?? null });
    expect(hitWords(hit)).toContain(highlighted ?? q);
  });

  it('answers a deal’s and an archive file’s facts with the hit', async () => {
    const [deal] = (await search(owner, 'warehouse')).items;
    expect(deal).toEqual({
      kind: 'deal',
      id: dealId,
      title: 'Warehouse lease',
      field: 'title',
      page: null,
      excerpt: [
        { text: 'Warehouse', hit: true },
        { text: ' lease', hit: false },
      ],
      tags: ['Satamahanke'],
      state: 'new',
      process: 'negotiate',
      myParty: 'sender',
      senderName: 'Virtanen Logistics Oy',
      receiverName: 'Korhonen Holding Ab',
      parentId: null,
      modifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const [file] = (await search(owner, 'pilotage')).items;
    expect(file).toMatchObject({
      kind: 'archive-file',
      id: fileId,
      title: 'Pilotage invoice.pdf',
      tags: [],
      state: null,
      process: null,
      myParty: null,
      senderName: null,
      receiverName: null,
      parentId: folderId,
    });
    expect((await search(owner, 'maritime')).items[0]).toMatchObject({
      kind: 'archive-folder',
      parentId: null,
    });
  });

  it('needs every word of the query somewhere in the document, in any of its parts', async () => {
    // Title, party, section and signer of one deal together.
    expect(ids(await search(owner, 'warehouse korhonen quayside lahtinen'))).toEqual([dealId]);
    expect(ids(await search(owner, 'pilotage tugboat'))).toEqual([fileId]);
    // A word found in no part of it leaves the document out, however well another word matches.
    expect(ids(await search(owner, 'warehouse tugboat'))).toEqual([]);
    expect(ids(await search(owner, 'Korhonen zap'))).toEqual([]);
    expect(ids(await search(owner, 'Virtanen Logistics Oy zap'))).toEqual([]);
  });

  it('limits the search to deals or to the archive', async () => {
    expect(ids(await search(owner, 'invoice maritime pilotage', { collection: 'deals' }))).toEqual(
      [],
    );
    expect(ids(await search(owner, 'pilotage', { collection: 'archive' }))).toEqual([fileId]);
    expect(ids(await search(owner, 'forklift', { collection: 'archive' }))).toEqual([]);
    expect(ids(await search(owner, 'forklift', { collection: 'deals' }))).toEqual([pdfDealId]);
  });
});

describe('stems, accents and typos', () => {
  let user: TestUser;
  let finnish: string;
  let english: string;
  let accents: string;
  let named: string;
  let virtanenFile: string;

  beforeAll(async () => {
    user = await createUser(t.platform);
    const workspaceId = await createWorkspaceWith(db(), [user]);
    const section = (html: string) => [{ title: '', html }];
    finnish = (
      await createDeal(db(), {
        sender: user,
        title: 'Toimitus',
        sections: section('<p>Tämä sopimus on voimassa toistaiseksi.</p>'),
      })
    ).deal.id;
    english = (
      await createDeal(db(), {
        sender: user,
        title: 'Supply',
        sections: section('<p>This agreement is governed by the laws of Finland.</p>'),
      })
    ).deal.id;
    accents = (
      await createDeal(db(), {
        sender: user,
        title: 'Päivämäärät',
        parties: {
          sender: { type: 'business', name: 'Seller Oy' },
          receiver: { type: 'business', name: 'Åbo Skärgård Ab' },
        },
        sections: [],
      })
    ).deal.id;
    named = (
      await createDeal(db(), {
        sender: user,
        title: 'Advisory',
        parties: {
          sender: { type: 'business', name: 'Seller Oy' },
          receiver: { type: 'business', name: 'Nordic Consulting Group' },
        },
        sections: [],
      })
    ).deal.id;
    await db()
      .insert(dealSigners)
      .values({
        shortId: `s${named.slice(0, 12)}`,
        dealId: named,
        party: 'receiver',
        firstname: 'Matti',
        lastname: 'Virtanen',
        email: 'mv@firma.test',
      });
    virtanenFile = (await itemOf({ name: 'Virtanen lease.pdf', workspaceId })).id;
  });

  it('finds Finnish inflections of a word by its stem', async () => {
    for (const q of ['sopimukset', 'sopimuksen', 'sopimusta', 'sopimus']) {
      const result = await search(user, q);
      expect(ids(result), q).toEqual([finnish]);
      expect(hitWords(result.items[0]), q).toEqual(['sopimus']);
    }
  });

  it('finds English inflections of a word by its stem', async () => {
    for (const q of ['agreements', 'agreement', 'governing']) {
      const result = await search(user, q);
      expect(ids(result), q).toEqual([english]);
    }
    expect(hitWords((await search(user, 'agreements')).items[0])).toEqual(['agreement']);
  });

  it('finds a word typed without its accents, and with them', async () => {
    for (const q of ['paivamaarat', 'Päivämäärät', 'PAIVAMAARAT']) {
      expect(ids(await search(user, q)), q).toEqual([accents]);
    }
    for (const q of ['skargard', 'Skärgård', 'abo']) {
      expect(ids(await search(user, q)), q).toEqual([accents]);
    }
  });

  it('finds names with a typo in them', async () => {
    const virtanen = await search(user, 'Virtanan');
    expect(ids(virtanen).sort()).toEqual([named, virtanenFile].sort());
    expect(virtanen.items.find((item) => item.id === named)?.field).toBe('signer');
    expect(virtanen.items.find((item) => item.id === virtanenFile)?.field).toBe('name');
    // A letter swapped for a sound-alike in a company name.
    const consulting = await search(user, 'Konsulting');
    expect(ids(consulting)).toEqual([named]);
    expect(consulting.items[0]?.field).toBe('party');
    expect(ids(await search(user, 'Zirconium'))).toEqual([]);
  });

  it('finds a signer by their e-mail address and by its domain', async () => {
    for (const q of ['mv@firma.test', 'firma.test']) {
      const result = await search(user, q);
      expect(ids(result), q).toEqual([named]);
      expect(result.items[0]?.field, q).toBe('signer');
    }
  });
});

describe('excerpts', () => {
  let user: TestUser;
  let boldDeal: string;
  let longDeal: string;
  let fileId: string;
  let folderId: string;
  let shortWords: string;

  beforeAll(async () => {
    user = await createUser(t.platform);
    const workspaceId = await createWorkspaceWith(db(), [user]);
    // Short words: the database's own fragment is already about 50 characters.
    const animals = 'one two six ten red sea cow dog cat owl fox elk yak emu ape bee ant hen pig';
    shortWords = (
      await createDeal(db(), {
        sender: user,
        title: 'Animals',
        sections: [{ title: '', html: `<p>${animals} zebu ${animals} end.</p>` }],
      })
    ).deal.id;
    boldDeal = (
      await createDeal(db(), {
        sender: user,
        title: 'Plain',
        sections: [{ title: '', html: '<p><b>bold</b> &amp; text</p>' }],
      })
    ).deal.id;
    const filler =
      'The supplier delivers the goods <em>on time</em> and in the agreed quantity, packed ' +
      'for transport, with the documents the <a href="https://example.test/terms">terms</a> ' +
      'list, and the buyer pays &lt;within&gt; thirty days of the invoice date';
    longDeal = (
      await createDeal(db(), {
        sender: user,
        title: 'Long',
        sections: [
          {
            title: 'Liability',
            html: `<p>${filler}.</p><ul><li><strong>Indemnification</strong> covers &quot;losses&quot; ${filler}.</li></ul><p>${filler}.</p>`,
          },
        ],
      })
    ).deal.id;
    fileId = (await itemOf({ name: 'Scanned ledger.pdf', workspaceId })).id;
    folderId = (await itemOf({ name: 'sopimusarkisto-19', type: 'folder', workspaceId })).id;
    // PDF text may hold private-use characters (symbol fonts), the same the excerpt marks use.
    await db()
      .insert(archivePages)
      .values({
        itemId: fileId,
        page: 1,
        text: `Receipt ${EXCERPT_CLOSE}for the ${EXCERPT_OPEN}harbour dues ${EXCERPT_CLOSE}paid`,
      });
  });

  it('shows a short name whole, its hyphenated parts included', async () => {
    const [hit] = (await search(user, 'sopimusarkisto')).items;
    expect(hit?.id).toBe(folderId);
    expect(hit?.excerpt).toEqual([
      { text: 'sopimusarkisto', hit: true },
      { text: '-19', hit: false },
    ]);
  });

  it('shows a section’s text as plain text, entities decoded and no markup', async () => {
    const [hit] = (await search(user, 'bold')).items;
    expect(hit?.id).toBe(boldDeal);
    expect(hit?.excerpt).toEqual([
      { text: 'bold', hit: true },
      { text: ' & text', hit: false },
    ]);
  });

  it('cuts about 50 characters around the matched word, “…” where text is left out', async () => {
    const [hit] = (await search(user, 'indemnification')).items;
    expect(hit?.id).toBe(longDeal);
    expect(hitWords(hit)).toEqual(['Indemnification']);
    const text = excerptText(hit);
    expect(text.length).toBeGreaterThanOrEqual(40);
    expect(text.length).toBeLessThanOrEqual(80);
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/[<>]|&\w+;/);
  });

  it('shows “…” where the text goes on before or after the excerpt, and only there', async () => {
    const middle = (await search(user, 'zebu')).items[0];
    expect(middle?.id).toBe(shortWords);
    expect(hitWords(middle)).toEqual(['zebu']);
    expect(excerptText(middle)).toMatch(/^….*zebu.*…$/);
    const start = (await search(user, 'sea')).items[0];
    expect(excerptText(start)).toMatch(/^one two six ten red sea .*…$/);
    expect(excerptText(start).length).toBeLessThanOrEqual(80);
    const end = (await search(user, 'end')).items[0];
    expect(excerptText(end)).toMatch(/^….* hen pig end\.?$/);
  });

  it('never shows the HTML’s markup in any excerpt of a section', async () => {
    const result = await search(user, 'supplier goods transport documents terms thirty');
    expect(ids(result)).toEqual([longDeal]);
    const text = excerptText(result.items[0]);
    expect(text).not.toMatch(/<\/?[a-z]|href|&\w+;/);
    expect(hitWords(result.items[0]).length).toBeGreaterThan(1);
  });

  it('keeps private-use characters of a document’s own text out of the highlighting', async () => {
    const result = await search(user, 'receipt');
    expect(ids(result)).toEqual([fileId]);
    const [hit] = result.items;
    expect(hitWords(hit)).toEqual(['Receipt']);
    expect(excerptText(hit)).toBe('Receipt for the harbour dues paid');
    expect(hitWords((await search(user, 'dues')).items[0])).toEqual(['dues']);
  });
});

describe('tags', () => {
  let sender: TestUser;
  let receiver: TestUser;
  let both: string;
  let urgentOnly: string;
  let fileId: string;

  beforeAll(async () => {
    [sender, receiver] = await createUsers(t.platform, 2);
    const senderSpace = await createWorkspaceWith(db(), [sender]);
    const receiverSpace = await createWorkspaceWith(db(), [receiver]);
    both = (await createDeal(db(), { sender, receiver, title: 'Marigold framework' })).deal.id;
    urgentOnly = (await createDeal(db(), { sender, receiver, title: 'Marigold order' })).deal.id;
    fileId = (await itemOf({ name: 'Marigold price list.pdf', workspaceId: senderSpace })).id;
    const tag = (workspaceId: string, name: string, collection: 'deals' | 'archives', id: string) =>
      tagOn({ workspaceId, tag: name, collection, documentId: id });
    await tag(senderSpace, 'Urgent', 'deals', both);
    await tag(senderSpace, 'Kehys', 'deals', both);
    await tag(senderSpace, 'Urgent', 'deals', urgentOnly);
    await tag(senderSpace, 'Urgent', 'archives', fileId);
    // The receiver's own workspace tags the same deal: theirs alone.
    await tag(receiverSpace, 'Vastaanotettu', 'deals', both);
  });

  it('shows each caller the tags of their own workspaces only', async () => {
    const mine = await search(sender, 'marigold');
    expect(ids(mine).sort()).toEqual([both, urgentOnly, fileId].sort());
    const tagsOf = (result: Result, id: string) =>
      result.items.find((item) => item.id === id)?.tags;
    expect(tagsOf(mine, both)).toEqual(['Kehys', 'Urgent']);
    expect(tagsOf(mine, urgentOnly)).toEqual(['Urgent']);
    expect(tagsOf(mine, fileId)).toEqual(['Urgent']);
    const theirs = await search(receiver, 'marigold');
    expect(ids(theirs).sort()).toEqual([both, urgentOnly].sort());
    expect(tagsOf(theirs, both)).toEqual(['Vastaanotettu']);
    expect(tagsOf(theirs, urgentOnly)).toEqual([]);
  });

  it('filters by exact tag values, every one given, without a query', async () => {
    expect(ids(await search(sender, '', { tag: ['Urgent'] })).sort()).toEqual(
      [both, urgentOnly, fileId].sort(),
    );
    expect(ids(await search(sender, undefined, { tag: ['Urgent', 'Kehys'] }))).toEqual([both]);
    expect(ids(await search(sender, 'ab', { tag: ['Kehys'] }))).toEqual([both]);
    expect(ids(await search(sender, '', { tag: ['Urgent'], collection: 'archive' }))).toEqual([
      fileId,
    ]);
    expect(ids(await search(sender, '', { tag: ['Urgent'], collection: 'deals' })).sort()).toEqual(
      [both, urgentOnly].sort(),
    );
    // Exact values: no prefix, no stem, surrounding spaces ignored.
    expect(ids(await search(sender, '', { tag: ['Urg'] }))).toEqual([]);
    expect(ids(await search(sender, '', { tag: ['Urgents'] }))).toEqual([]);
    expect(ids(await search(sender, '', { tag: [' Kehys '] }))).toEqual([both]);
  });

  it('filters a query’s hits by tag, and finds a word held only by a tag', async () => {
    expect(ids(await search(sender, 'marigold', { tag: ['Kehys'] }))).toEqual([both]);
    expect(ids(await search(sender, 'order', { tag: ['Kehys'] }))).toEqual([]);
    const byTag = await search(sender, 'marigold kehys');
    expect(ids(byTag)).toEqual([both]);
  });

  it('neither matches nor filters by another workspace’s tag on the same document', async () => {
    expect(ids(await search(sender, 'vastaanotettu'))).toEqual([]);
    expect(ids(await search(sender, 'marigold vastaanotettu'))).toEqual([]);
    expect(ids(await search(sender, '', { tag: ['Vastaanotettu'] }))).toEqual([]);
    expect(ids(await search(receiver, '', { tag: ['Urgent'] }))).toEqual([]);
    expect(ids(await search(receiver, 'kehys'))).toEqual([]);
    // Its own workspace's member finds it by that tag.
    const theirs = await search(receiver, 'vastaanotettu');
    expect(ids(theirs)).toEqual([both]);
    expect(theirs.items[0]?.field).toBe('tag');
    expect(ids(await search(receiver, '', { tag: ['Vastaanotettu'] }))).toEqual([both]);
  });

  it('refuses more than 10 tags, a tag over 100 characters, and one no tag can hold', async () => {
    for (const tag of [
      Array.from({ length: 11 }, (_, index) => `t${index}`),
      ['x'.repeat(101)],
      ['bad\u0000tag'],
    ]) {
      const response = await api('GET', searchUrl('marigold', { tag }), sender);
      expect(response.statusCode, tag[0]).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});

describe('paging', () => {
  const TOTAL = 101;
  let user: TestUser;
  let all: string[];

  beforeAll(async () => {
    user = await createUser(t.platform);
    const workspaceId = await createWorkspaceWith(db(), [user]);
    // Ranks differ (the word in a short or a long title, a file name) and many are equal.
    const made = await db()
      .insert(deals)
      .values(
        Array.from({ length: 61 }, (_, index) => ({
          title:
            index % 3 === 0
              ? `Ledger ${index}`
              : index % 3 === 1
                ? `Annual ledger review of the accounts ${index}`
                : `Ledger ledger ${index}`,
          process: 'negotiate' as const,
          state: 'negotiate' as const,
          parties: {
            sender: { type: 'business' as const, name: 'Seller Oy' },
            receiver: { type: 'business' as const, name: 'Buyer Ab' },
          },
          sentBy: user.id,
        })),
      )
      .returning({ id: deals.id });
    await db()
      .insert(documentAccess)
      .values(
        made.map((deal) => ({
          collection: 'deals' as const,
          documentId: deal.id,
          userId: user.id,
          role: 'edit' as const,
          party: 'sender' as const,
        })),
      );
    const files = await db()
      .insert(archiveItems)
      .values(
        Array.from({ length: TOTAL - made.length }, (_, index) => ({
          type: 'file' as const,
          name: `ledger-${index}.pdf`,
          workspaceId,
          scope: 'workspace' as const,
        })),
      )
      .returning({ id: archiveItems.id });
    all = [...made, ...files].map((row) => row.id);
  });

  it.each(SEARCH_PAGE_SIZES)(
    'pages of %i hold every hit once, hasMore until the last',
    async (pageSize) => {
      const seen: string[] = [];
      const pages = Math.ceil(TOTAL / pageSize);
      for (let page = 1; page <= pages; page += 1) {
        const result = await search(user, 'ledger', { page, pageSize });
        expect(result).toMatchObject({ page, pageSize, hasMore: page < pages });
        expect(result.items.length).toBe(page < pages ? pageSize : TOTAL - (pages - 1) * pageSize);
        seen.push(...ids(result));
      }
      expect(new Set(seen).size).toBe(TOTAL);
      expect([...seen].sort()).toEqual([...all].sort());
      const after = await search(user, 'ledger', { page: pages + 1, pageSize });
      expect(after).toEqual({ items: [], page: pages + 1, pageSize, hasMore: false });
    },
  );

  it('pages the same order whatever the page size', async () => {
    const big = ids(await search(user, 'ledger', { pageSize: 50 }));
    const small = [
      ...ids(await search(user, 'ledger', { pageSize: 25 })),
      ...ids(await search(user, 'ledger', { pageSize: 25, page: 2 })),
    ];
    expect(small).toEqual(big);
  });

  it('answers 15 a page unless told', async () => {
    const result = await search(user, 'ledger');
    expect(result).toMatchObject({ page: 1, pageSize: 15, hasMore: true });
    expect(result.items).toHaveLength(15);
  });

  it('refuses another page size or a page below 1', async () => {
    for (const query of ['pageSize=20', 'pageSize=0', 'pageSize=101', 'pageSize=x', 'page=0']) {
      const response = await api('GET', `/search?q=ledger&${query}`, user);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('validation_failed');
    }
  });
});

describe('queries of any text', () => {
  let user: TestUser;
  let harbour: string;
  let arabic: string;
  let hebrew: string;

  beforeAll(async () => {
    user = await createUser(t.platform);
    harbour = (await createDeal(db(), { sender: user, title: 'Harbour lease' })).deal.id;
    arabic = (await createDeal(db(), { sender: user, title: 'عقد الإيجار' })).deal.id;
    hebrew = (await createDeal(db(), { sender: user, title: 'חוזה שכירות' })).deal.id;
  });

  it('refuses a query under 3 characters with its own code, and a signed-out caller', async () => {
    for (const q of ['', 'ab', '  ab  ', '😀😀']) {
      const response = await api('GET', searchUrl(q), user);
      expect(response.statusCode, q).toBe(400);
      expect(response.json().error.code, q).toBe('search_query_too_short');
    }
    expect((await api('GET', searchUrl('harbour'), undefined)).statusCode).toBe(401);
  });

  it('reads operators, quotes and backslashes as plain separators', async () => {
    for (const q of [
      '"harbour"',
      "'harbour'",
      'harbour & | ! ( ) : *',
      '!harbour',
      'harbour:*',
      'harbour <-> lease',
      '(harbour)',
      '\\harbour\\',
      'harbour\\',
      "harbour'; --",
      '%harbour_',
    ]) {
      expect(ids(await search(user, q)), q).toEqual([harbour]);
    }
  });

  it('answers text with no words in it, and SQL-looking text, with 200', async () => {
    for (const q of [
      `"'&|!():*\\`,
      '\\\\\\',
      "'''",
      ':*:*',
      '%_%',
      "'); DROP TABLE deal; --",
      "harbour' OR '1'='1",
      'SELECT * FROM search_entry WHERE true',
      '1; SELECT pg_sleep(10)',
      "$$ $1 E'\\x00'",
      '<script>alert(1)</script>',
      '😀😀😀',
      '👍🏽 🇫🇮 ✓',
      'harbour\u0000lease',
      '\u202eharbour\u202c',
      'har\u200dbour',
      'a\u0301\u0301\u0301',
    ]) {
      const result = await search(user, q);
      expect(
        result.items.every((item) => [harbour, arabic, hebrew].includes(item.id)),
        q,
      ).toBe(true);
    }
  });

  it('finds right-to-left words, Arabic and Hebrew', async () => {
    expect(ids(await search(user, 'الإيجار'))).toEqual([arabic]);
    expect(ids(await search(user, 'שכירות'))).toEqual([hebrew]);
    const [hit] = (await search(user, 'חוזה')).items;
    expect(hitWords(hit)).toEqual(['חוזה']);
  });

  it('takes 1000 characters and refuses 1001 with a validation error', async () => {
    const words = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    for (const q of [
      `harbour ${words}`.slice(0, 1000),
      'x'.repeat(1000),
      `harbour ${'y'.repeat(992)}`,
      '😀'.repeat(500),
      'é'.repeat(1000),
    ]) {
      expect(q.length).toBe(1000);
      await search(user, q);
    }
    expect(ids(await search(user, `harbour ${'lease '.repeat(165)}`.slice(0, 1000)))).toEqual([
      harbour,
    ]);
    const response = await api('GET', searchUrl('x'.repeat(1001)), user);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed' });
    expect(response.json().error.fields).toHaveProperty('q');
  });
});

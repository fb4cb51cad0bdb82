import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealPages, searchEntries } from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createDeal } from '../../test/deal-factory';
import { apiAs, createWorkspace } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { uploadFile } from '../../test/uploads';
import { reindexSearch } from './reindex';

/*
 * The text of a Send & Sign PDF's pages is read by a job after the send and found by search,
 * page by page; the operators' reindex rebuilds the index to what the triggers keep.
 */

let t: TestApp;
let sender: TestUser;
let stranger: TestUser;
let workspaceId: string;
const api = apiAs(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  [sender, stranger] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
  workspaceId = (await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 5 })).id;
});
afterAll(() => t?.close());

async function pdfOf(pageTexts: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) doc.addPage().drawText(text, { x: 50, y: 700, font, size: 14 });
  return Buffer.from(await doc.save());
}

type Hits = { items: { id: string; field: string; page: number | null }[] };
const search = async (user: TestUser, q: string) => {
  const response = await api('GET', `/search?q=${encodeURIComponent(q)}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Hits;
};

describe('a Send & Sign PDF', () => {
  it('is found by the words on its pages once the job has read them, with the page', async () => {
    const pdf = await pdfOf(['Cover letter', 'The tenant keeps the greenhouse watered']);
    const { id: uploadId } = await uploadFile(t, sender.cookie, {
      name: 'greenhouse.pdf',
      body: pdf,
      purpose: 'attachment',
    });
    const sent = await api('POST', '/send-pdf', sender, {
      uploadId,
      title: 'Garden lease',
      sender: { name: 'Landlord Oy', businessId: '1234567-8' },
      receiver: { name: 'Tenant Ab', businessId: '' },
      signers: [
        {
          party: 'sender',
          firstname: 'Sara',
          lastname: 'Sender',
          email: sender.email,
          phone: '+358401010101',
        },
        {
          party: 'receiver',
          firstname: 'Rick',
          lastname: 'Receiver',
          email: 'rick@example.test',
          phone: '+358402020202',
        },
      ],
      workspaceId,
      isConfirmed: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const dealId = (sent.json() as { dealId: string }).dealId;
    const found = await eventually(async () => {
      const hits = await search(sender, 'greenhouse watered');
      return hits.items.length > 0 ? hits : undefined;
    });
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ id: dealId, field: 'dealPage', page: 2 });
    expect((await search(stranger, 'greenhouse watered')).items).toEqual([]);
    const pages = await t.database.db.select().from(dealPages).where(eq(dealPages.dealId, dealId));
    expect(pages.map((page) => page.page).sort()).toEqual([1, 2]);
  });
});

describe('npm run search:reindex', () => {
  it('rebuilds the index to exactly what the triggers keep', async () => {
    await createDeal(t.database.db, {
      sender,
      title: 'Orchard maintenance',
      sections: [{ title: 'Pruning', html: '<p>Apple trees are pruned every March.</p>' }],
    });
    const rows = () =>
      t.database.db
        .select({
          docId: searchEntries.docId,
          field: searchEntries.field,
          partId: searchEntries.partId,
          page: searchEntries.page,
          body: searchEntries.body,
          fold: searchEntries.fold,
        })
        .from(searchEntries)
        .orderBy(
          searchEntries.docId,
          searchEntries.field,
          searchEntries.partId,
          searchEntries.page,
        );
    const kept = await rows();
    expect(kept.length).toBeGreaterThan(0);
    await t.database.db.delete(searchEntries);
    expect((await search(sender, 'pruned apple')).items).toEqual([]);
    expect(await reindexSearch(t.database)).toBe(kept.length);
    expect(await rows()).toEqual(kept);
    expect((await search(sender, 'pruned apple')).items).toHaveLength(1);
  });
});

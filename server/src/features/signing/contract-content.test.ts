import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, dealSections, deals, files, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { loadContractContent } from './contract-content';

describe('the contract content of a deal', () => {
  let database: TestDatabase;
  let dealId: string;
  let childId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Matti Meikäläinen', email: 'matti@puu.fi', emailVerified: true })
      .returning({ id: users.id });
    const [deal] = await database.db
      .insert(deals)
      .values({
        title: 'Toimitussopimus',
        contractUid: 'PCT-7',
        process: 'negotiate',
        state: 'negotiate',
        parties: {
          sender: { type: 'business', name: 'Puu Oy' },
          receiver: { type: 'business', name: 'Sjöfart Ab' },
        },
        sentBy: user?.id ?? '',
      })
      .returning({ id: deals.id });
    dealId = deal?.id ?? '';
    const section = (values: Partial<typeof dealSections.$inferInsert>) => ({
      dealId,
      position: 1,
      type: 'normal' as const,
      title: '',
      ...values,
    });
    const [, first] = await database.db
      .insert(dealSections)
      .values([
        section({ type: 'parties', position: 1, title: 'Osapuolet' }),
        section({
          position: 2,
          title: 'Kohde',
          content: [
            { id: 'a', html: '<p>Alkuperäinen</p>' },
            { id: 'b', html: '<p>Sovittu: 12 000 €</p>' },
          ],
          defaultContentId: 'b',
        }),
        section({
          position: 3,
          title: 'Voimassaolo',
          content: [{ id: 'a', html: '<p>Toistaiseksi</p>' }],
        }),
        section({ type: 'signers', position: 4, title: 'Allekirjoittajat' }),
      ])
      .returning({ id: dealSections.id });
    const [child] = await database.db
      .insert(dealSections)
      .values([
        section({
          parentId: first?.id ?? null,
          position: 101,
          title: 'Hinta',
          content: [{ id: 'a', html: '<p>Hinta 4,50 €</p>' }],
          defaultContentId: 'a',
        }),
        section({ position: 5, title: 'Poistettu', deletedAt: new Date() }),
      ])
      .returning({ id: dealSections.id });
    childId = child?.id ?? '';
    const [file] = await database.db
      .insert(files)
      .values({
        name: 'ehdot.pdf',
        size: 10,
        type: 'application/pdf',
        storageKey: 'attachments/2026/11/ehdot.pdf',
        purpose: 'attachment',
      })
      .returning({ id: files.id });
    await database.db.insert(attachments).values([
      {
        collection: 'deals',
        documentId: dealId,
        fileId: file?.id ?? '',
        name: 'Ehdot.pdf',
        position: 2,
      },
      {
        collection: 'deals',
        documentId: dealId,
        fileId: file?.id ?? '',
        name: 'Hinnasto.pdf',
        position: 1,
      },
      {
        collection: 'deals',
        documentId: dealId,
        fileId: file?.id ?? '',
        name: 'Poistettu.pdf',
        position: 3,
        deletedAt: new Date(),
      },
    ]);
  });
  afterAll(() => database?.close());

  it('numbers the ordinary sections and takes each one’s current version', async () => {
    const content = await loadContractContent(database.db, dealId);
    expect(content).toMatchObject({
      title: 'Toimitussopimus',
      contractId: 'PCT-7',
      parties: { receiver: { name: 'Sjöfart Ab' } },
      sections: [
        { number: '1', title: 'Kohde', html: '<p>Sovittu: 12 000 €</p>' },
        { number: '1.1', title: 'Hinta', html: '<p>Hinta 4,50 €</p>' },
        { number: '2', title: 'Voimassaolo', html: '<p>Toistaiseksi</p>' },
      ],
      attachments: [{ name: 'Hinnasto.pdf' }, { name: 'Ehdot.pdf' }],
    });
    expect(content?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(
      await loadContractContent(database.db, '00000000-0000-4000-8000-000000000000'),
    ).toBeNull();
  });

  it('hashes the same text the same, and any change of the agreed text differently', async () => {
    const before = await loadContractContent(database.db, dealId);
    expect((await loadContractContent(database.db, dealId))?.sha256).toBe(before?.sha256);
    await database.db
      .update(dealSections)
      .set({
        content: sql`jsonb_build_array(jsonb_build_object('id', 'a', 'html', '<p>Hinta 5 €</p>'))`,
      })
      .where(eq(dealSections.id, childId));
    expect((await loadContractContent(database.db, dealId))?.sha256).not.toBe(before?.sha256);
  });
});

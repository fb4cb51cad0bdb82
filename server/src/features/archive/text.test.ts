import { eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveItems, archivePages, files } from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { registerArchiveFilingJobs } from './filing';
import { extractItemText, queueTextExtraction } from './text';

/*
 * The page text of archived PDFs, read in the `archive.extract-text` job: a PDF with text gives
 * one row per page, a scanned one (no text layer) is stored and flagged `no-text`, a broken one
 * `failed`; none of them fails the job.
 */

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t.platform)).id;
});
afterAll(() => t?.close());

/** A stored file and its Inbox item, text not read yet. */
async function storedItem(bytes: Uint8Array, name: string): Promise<string> {
  const key = `archive/test/${crypto.randomUUID()}.pdf`;
  await t.platform.storage.put(key, Buffer.from(bytes), { contentType: 'application/pdf' });
  const [file] = await t.database.db
    .insert(files)
    .values({
      name,
      size: bytes.length,
      type: 'application/pdf',
      storageKey: key,
      offset: bytes.length,
      purpose: 'archive',
      completedAt: new Date(),
      createdBy: userId,
    })
    .returning({ id: files.id });
  const [item] = await t.database.db
    .insert(archiveItems)
    .values({
      type: 'file',
      name,
      scope: 'party',
      fileId: file?.id,
      originalName: name,
      size: bytes.length,
      fileType: 'application/pdf',
      extension: 'pdf',
      textState: 'pending',
      uploadedAt: new Date(),
      createdBy: userId,
    })
    .returning({ id: archiveItems.id });
  return item?.id ?? '';
}

async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => {
      page.drawText(line, { x: 50, y: 780 - index * 20, size: 12, font });
    });
  }
  return pdf.save();
}

/** A 'scan': pages with drawn shapes only, no text layer. */
async function scannedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let count = 0; count < 2; count += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawRectangle({ x: 40, y: 40, width: 500, height: 700, color: rgb(0.9, 0.9, 0.85) });
    page.drawLine({ start: { x: 60, y: 700 }, end: { x: 500, y: 700 }, thickness: 2 });
  }
  return pdf.save();
}

const pagesOf = (itemId: string) =>
  t.database.db
    .select({ page: archivePages.page, text: archivePages.text })
    .from(archivePages)
    .where(eq(archivePages.itemId, itemId))
    .orderBy(archivePages.page);

const itemOf = async (itemId: string) =>
  (await t.database.db.select().from(archiveItems).where(eq(archiveItems.id, itemId)))[0];

describe('extracting the page text of an archived PDF', () => {
  it('reads each page’s text in the job, one row per page', async () => {
    const itemId = await storedItem(
      await textPdf([
        ['Sopimus ensimmäinen sivu', 'Toimitusehdot'],
        ['Second page: payment in 30 days'],
        ['Tredje sidan underskrifter'],
      ]),
      'three-pages.pdf',
    );
    await t.database.db.transaction((tx) => queueTextExtraction(t.platform, tx, itemId));
    const item = await eventually(async () => {
      const current = await itemOf(itemId);
      return current?.textState === 'pending' ? undefined : current;
    }, 30_000);
    expect(item).toMatchObject({ textState: 'done', pageCount: 3 });
    expect(await pagesOf(itemId)).toEqual([
      { page: 1, text: 'Sopimus ensimmäinen sivu\nToimitusehdot' },
      { page: 2, text: 'Second page: payment in 30 days' },
      { page: 3, text: 'Tredje sidan underskrifter' },
    ]);

    // A second run writes the same rows again, no more.
    expect(await extractItemText(t.platform, itemId)).toBe('done');
    expect(await pagesOf(itemId)).toHaveLength(3);
  });

  it('stores a PDF without a text layer and flags it no-text, without failing', async () => {
    const itemId = await storedItem(await scannedPdf(), 'scan.pdf');
    await t.database.db.transaction((tx) => queueTextExtraction(t.platform, tx, itemId));
    const item = await eventually(async () => {
      const current = await itemOf(itemId);
      return current?.textState === 'pending' ? undefined : current;
    }, 30_000);
    expect(item).toMatchObject({ textState: 'no-text', pageCount: 2, deletedAt: null });
    expect(await pagesOf(itemId)).toEqual([
      { page: 1, text: '' },
      { page: 2, text: '' },
    ]);
    const [file] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, item?.fileId ?? ''));
    expect((await t.platform.storage.get(file?.storageKey ?? '')).length).toBe(item?.size);
  });

  it('marks a broken PDF failed in one run, not a retry loop', async () => {
    const itemId = await storedItem(
      new TextEncoder().encode('%PDF-1.7\nnot really a pdf at all'),
      'broken.pdf',
    );
    // The job's handler returns (pg-boss would otherwise retry it).
    await registerArchiveFilingJobs(t.platform).extractText.handle(
      { itemId },
      { jobId: 'test', retryCount: 0 },
    );
    expect(await itemOf(itemId)).toMatchObject({ textState: 'failed', pageCount: null });
    expect(await pagesOf(itemId)).toEqual([]);
  });
});

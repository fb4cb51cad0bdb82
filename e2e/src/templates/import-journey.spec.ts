import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
// Zips no library would write (bombs, lying directories), from the server's test helpers.
import { makeZip } from '../../../server/src/test/zip';
import { notice, pathname, screenshotDir, startJourney } from '../journey';
import { newPerson, signUp } from '../people';

/** The example Word document the app ships and the wizard's help links to. */
const exampleDocx = fileURLToPath(
  new URL('../../../web/public/examples/pactum-import-example.docx', import.meta.url),
);

const anna = newPerson('anna', 'author');

const { errors, openPage } = startJourney();
let page: Page;

beforeAll(async () => {
  page = await openPage();
});

const UUID = '[0-9a-f-]{36}';

/** A block of the imported document, as the wizard offers it for picking. */
const block = (text: string) =>
  page.getByRole('article', { name: 'Imported document' }).getByRole('button', {
    name: text,
    exact: true,
  });

/** The current step's Next (the previous step's folds away meanwhile). */
async function clickNext() {
  const next = page.getByRole('button', { name: 'Next' });
  await expect.poll(() => next.count()).toBe(1);
  await next.click();
}

const found = () =>
  page.getByRole('status').filter({ hasText: /sections and .* subsections found/ });

describe('Word import and attachments journey', () => {
  it('uploads a .docx and opens the wizard on the converted document', async () => {
    await signUp(page, anna);
    await page.goto('/dashboard/templates/import');
    await page.getByRole('heading', { level: 1, name: 'Import Word document' }).waitFor();
    // The help's example document is served by the app.
    const example = await page.request.get('/examples/pactum-import-example.docx');
    expect(example.status()).toBe(200);

    // A file that is not .docx is stopped before anything is sent.
    await page.getByLabel('Word document to import').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    });
    await page.getByText('Word import accepts only .docx files.').waitFor();

    await page.getByLabel('Word document to import').setInputFiles(exampleDocx);
    await page.waitForURL(new RegExp(`/dashboard/templates/import/${UUID}$`));
    await page.getByRole('heading', { level: 1, name: 'Import template' }).waitFor();
    await page.getByText('Document is up to date.').waitFor();
    await page
      .getByRole('article', { name: 'Imported document' })
      .getByText('2.2 Invoicing')
      .waitFor();
    await page.screenshot({ path: `${screenshotDir}import-1-wizard.png` });
  });

  it('picks the title and the abstract in the document', async () => {
    await clickNext();
    await page.getByText("Click the template's title in the document.").waitFor();
    await block('Service Agreement').click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Template title' }).inputValue())
      .toBe('Service Agreement');
    await block(
      'An agreement on services the Supplier provides to the Customer: what is delivered, how it is paid for and how the agreement ends.',
    ).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Abstract' }).inputValue())
      .toMatch(/^An agreement on services/);
    await clickNext();
  });

  it('marks sections and subsections, refuses look-alike markers and resets them on confirmation', async () => {
    await page.getByText('Click a section title in the document.').waitFor();
    await block('1. Services').click();
    await found().filter({ hasText: '5 sections and 0 subsections found' }).waitFor();
    // The same look as the section marker cannot mark subsections.
    await block('2. Fees and payment').click();
    await page
      .getByText(
        'Sorry, your titles and subtitles too similar to process. Please check the "How to import" section.',
      )
      .waitFor();
    await block('1.1 Scope').click();
    await found().filter({ hasText: '5 sections and 6 subsections found' }).waitFor();

    await page.getByRole('button', { name: 'Reset all markers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset all section markers?' });
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await found().filter({ hasText: '0 sections and 0 subsections found' }).waitFor();

    await block('3. Confidentiality').click();
    await block('4.2 Termination').click();
    await found().filter({ hasText: '5 sections and 6 subsections found' }).waitFor();
    await page.screenshot({ path: `${screenshotDir}import-2-marked.png` });
    await clickNext();
  });

  it('takes the metadata, creates the template and opens it in the editor', async () => {
    const importId = pathname(page).split('/').at(-1) ?? '';
    const create = page.getByRole('button', { name: 'Create template' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    const panel = page.getByRole('complementary', { name: 'Import steps' });
    await panel.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Business' });
    await panel.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'English' });
    await panel.getByRole('combobox', { name: 'Region' }).selectOption({ label: 'Finland' });
    await create.click();

    await notice(page, '"Service Agreement" imported to template editor').waitFor();
    await page.waitForURL(new RegExp(`/dashboard/templates/edit/${UUID}$`));
    const templateId = pathname(page).split('/').at(-1);

    // The editor opens on the template: parties, the five sections with their six
    // subsections, signers.
    await page.getByRole('heading', { level: 1, name: 'Edit template' }).waitFor();
    const headings = () =>
      page.locator('section[id^="section-"]').locator('h2, h3').allInnerTexts();
    await expect.poll(async () => (await headings()).length).toBe(13);
    const texts = (await headings()).join(' | ');
    for (const title of ['Services', 'Scope', 'Fees and payment', 'Termination', 'Governing law']) {
      expect(texts).toContain(title);
    }
    expect(texts).not.toContain('1. Services');

    // The import's record says which template it made, and that the picks were saved as the
    // wizard showed them.
    const saved = await page.request.get(`/api/v1/imports/${importId}`);
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject({
      state: 'ready',
      templateId,
      title: 'Service Agreement',
      category: 'business',
      language: 'en',
      region: 'fi',
      markers: { section: 'h1', subsection: 'h2', titleIndex: 0, abstractIndex: 1 },
    });
    expect(errors).toEqual([]);
  });

  it('attaches PDFs to the template in the editor, pausing and resuming one, and removes one', async () => {
    const card = page.getByRole('region', { name: 'Attachments' });
    await card.scrollIntoViewIfNeeded();
    const input = card.getByLabel('PDF file to attach');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a pdf'),
    });
    await card.getByText('Only PDF files can be attached.').waitFor();

    await input.setInputFiles({
      name: 'price-list.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 'x')]),
    });
    await notice(page, 'Attachment "price-list.pdf" added').waitFor();
    await card.getByText('A 1').waitFor();
    const download = await page.request.get(
      (await card.getByRole('link', { name: 'Download price-list.pdf' }).getAttribute('href')) ??
        '',
    );
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // A larger one, sent slowly chunk by chunk: paused and resumed on the way.
    await page.route('**/api/v1/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH') {
        await new Promise((resolve) => setTimeout(resolve, 700));
      }
      await route.continue().catch(() => {});
    });
    await input.setInputFiles({
      name: 'appendix.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_500_000, 'y')]),
    });
    await card.getByRole('button', { name: 'Pause upload' }).click();
    await card.getByText(/^Paused at \d+ %$/).waitFor();
    await card.getByRole('button', { name: 'Resume upload' }).click();
    await notice(page, 'Attachment "appendix.pdf" added').waitFor();
    await page.unroute('**/api/v1/uploads/*');
    await card.getByText('A 2').waitFor();

    await card.getByRole('button', { name: 'Remove price-list.pdf' }).click();
    await page
      .getByRole('dialog', { name: 'Remove attachment?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await notice(page, 'Attachment price-list.pdf removed').waitFor();
    // The rest are renumbered: the appendix is now A 1.
    await expect
      .poll(() => card.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringMatching(/^A 1\s+appendix\.pdf/)]);
    expect(errors).toEqual([]);
  });

  it('refuses a zip bomb on the upload page and shows a failed conversion with a way back', async () => {
    await page.goto('/dashboard/templates/import');
    const input = page.getByLabel('Word document to import');
    await input.setInputFiles({
      name: 'bomb.docx',
      mimeType: 'application/octet-stream',
      buffer: makeZip([{ name: 'word/document.xml', data: Buffer.alloc(60 * 1024 * 1024) }]),
    });
    await page
      .getByRole('alert')
      .filter({ hasText: 'The Word document unpacks to more than 50 Mb and cannot be imported.' })
      .waitFor();
    expect(pathname(page)).toBe('/dashboard/templates/import');

    // A directory that lies about the unpacked size passes the quick check; the conversion
    // then finds out and the wizard says so.
    await input.setInputFiles({
      name: 'liar.docx',
      mimeType: 'application/octet-stream',
      buffer: makeZip([
        { name: 'word/document.xml', data: Buffer.alloc(3 * 1024 * 1024), declaredSize: 100 },
      ]),
    });
    await page.waitForURL(new RegExp(`/dashboard/templates/import/${UUID}$`));
    await page
      .getByRole('alert')
      .filter({ hasText: 'The Word document unpacks to more than 50 Mb and cannot be imported.' })
      .waitFor();
    await page.getByRole('link', { name: 'Back to templates' }).click();
    await page.waitForURL(/\/dashboard\/templates\/list\/all$/);
    expect(errors).toEqual([]);
  });
});

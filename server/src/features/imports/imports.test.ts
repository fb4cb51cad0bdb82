import type { ImportDetail } from '@pactum/core/imports';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentAccess,
  files,
  templateImports,
  templateSections,
  templates,
} from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createWorkspaceWith } from '../../test/deal-factory';
import { callApi } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { uploadFile } from '../../test/uploads';
import { makeZip } from '../../test/zip';
import { convertImportJob } from './service';

let t: TestApp;
let author: TestUser;
let stranger: TestUser;
let colleague: TestUser;
let otherWorkspaceUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [author, stranger, colleague, otherWorkspaceUser] = await createUsers(t.platform, 4);
  // Sharing a workspace gives no one another's import; nor does any other workspace.
  await createWorkspaceWith(t.database.db, [author, colleague]);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: unknown) =>
  callApi(t.app, method, url, cookie, payload);

const bold = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true })] });

/** A consulting agreement as a Word author writes one: numbered headings, bold sub-titles. */
async function agreementDocx(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Consulting Agreement', heading: HeadingLevel.TITLE }),
          new Paragraph({
            children: [new TextRun({ text: 'Terms for consulting work.', italics: true })],
          }),
          new Paragraph({ text: '1. Definitions', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Words in this agreement mean what they say.'),
          bold('1.1 Services'),
          new Paragraph('The consulting services described in the order.'),
          bold('1.2 Deliverables'),
          new Paragraph('Reports and code.'),
          new Paragraph({ text: '2. Fees', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('EUR 100 per hour, invoiced monthly.'),
          new Paragraph({ text: '3. Term', heading: HeadingLevel.HEADING_1 }),
          bold('3.1 Start'),
          new Paragraph('On signing.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

async function importFile(user: TestUser, name: string, body: Buffer) {
  const { id, response } = await uploadFile(t, user.cookie, { name, body, purpose: 'import' });
  expect(response.statusCode, response.body).toBe(200);
  return call('POST', '/imports', user.cookie, { uploadId: id });
}

async function waitForImport(user: TestUser, importId: string): Promise<ImportDetail> {
  return eventually(async () => {
    const detail = (await call('GET', `/imports/${importId}`, user.cookie)).json() as ImportDetail;
    return detail.state === 'ready' || detail.state === 'error' ? detail : undefined;
  });
}

describe('Word import', () => {
  let importId: string;
  let detail: ImportDetail;

  beforeAll(async () => {
    const created = await importFile(author, 'consulting.docx', await agreementDocx());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ state: 'new', name: 'consulting.docx' });
    importId = created.json().id;
    detail = await waitForImport(author, importId);
  });

  it('converts the document into indexed blocks with signatures', () => {
    expect(detail.state).toBe('ready');
    expect(detail.blocks.map((b) => [b.index, b.signature, b.text])).toEqual([
      [0, 'h1', 'Consulting Agreement'],
      [1, 'p.em', 'Terms for consulting work.'],
      [2, 'h1', '1. Definitions'],
      [3, 'p', 'Words in this agreement mean what they say.'],
      [4, 'p.strong', '1.1 Services'],
      [5, 'p', 'The consulting services described in the order.'],
      [6, 'p.strong', '1.2 Deliverables'],
      [7, 'p', 'Reports and code.'],
      [8, 'h1', '2. Fees'],
      [9, 'p', 'EUR 100 per hour, invoiced monthly.'],
      [10, 'h1', '3. Term'],
      [11, 'p.strong', '3.1 Start'],
      [12, 'p', 'On signing.'],
    ]);
  });

  it('belongs to its creator only: not a stranger, a workspace colleague or another workspace', async () => {
    for (const user of [stranger, colleague, otherWorkspaceUser]) {
      expect((await call('GET', `/imports/${importId}`, user.cookie)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/imports/${importId}`, user.cookie, { title: 'Mine now' }))
          .statusCode,
      ).toBe(404);
      expect((await call('POST', `/imports/${importId}/template`, user.cookie)).statusCode).toBe(
        404,
      );
    }
  });

  it('refuses to create the template until the rules are met, with the spec messages', async () => {
    const attempt = async (input: Record<string, unknown>) => {
      const saved = await call('PATCH', `/imports/${importId}`, author.cookie, input);
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await call('POST', `/imports/${importId}/template`, author.cookie);
      return response.statusCode === 400 ? response.json().error.message : response.statusCode;
    };
    expect(await attempt({ title: '' })).toBe('No fitting title text found :(');
    expect(await attempt({ title: 'Deal' })).toBe('The title must be longer than 4 characters.');
    expect(await attempt({ title: 'Consulting Agreement' })).toBe(
      'Please mark at least one section.',
    );
    expect(await attempt({ markers: { section: 'h1', subsection: 'h1', titleIndex: 0 } })).toBe(
      'Sorry, your titles and subtitles too similar to process. Please check the "How to import" section.',
    );
    expect(await attempt({ markers: { section: 'h3', subsection: null } })).toBe(
      'Please mark at least one section.',
    );
    expect(await attempt({ markers: { section: 'h1', subsection: 'p.strong' } })).toBe(
      'Please choose the category, language and region.',
    );
    expect(await attempt({ category: 'business', language: 'en' })).toBe(
      'Please choose the category, language and region.',
    );
    const bad = await call('PATCH', `/imports/${importId}`, author.cookie, { region: 'atlantis' });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.platform.database.db
      .select()
      .from(templateImports)
      .where(eq(templateImports.id, importId));
    expect(row?.templateId).toBeNull();
  });

  it('creates the template: parties first, sections at e+2, subsections at e+101, signers last', async () => {
    const saved = await call('PATCH', `/imports/${importId}`, author.cookie, {
      title: 'Consulting Agreement',
      abstract: 'Terms for consulting work.',
      markers: { section: 'h1', subsection: 'p.strong', titleIndex: 0, abstractIndex: 1 },
      category: 'business',
      language: 'en',
      region: 'fi',
    });
    expect(saved.statusCode).toBe(200);
    const created = await call('POST', `/imports/${importId}/template`, author.cookie);
    expect(created.statusCode).toBe(201);
    const { templateId } = created.json() as { templateId: string };

    const { db } = t.platform.database;
    const [template] = await db.select().from(templates).where(eq(templates.id, templateId));
    expect(template).toMatchObject({
      title: 'Consulting Agreement',
      abstract: 'Terms for consulting work.',
      category: 'business',
      language: 'en',
      region: 'fi',
      fromImportId: importId,
      createdBy: author.id,
    });
    const access = await db
      .select()
      .from(documentAccess)
      .where(
        and(eq(documentAccess.collection, 'templates'), eq(documentAccess.documentId, templateId)),
      );
    expect(access).toMatchObject([{ userId: author.id, role: 'edit' }]);

    const sections = await db
      .select()
      .from(templateSections)
      .where(eq(templateSections.templateId, templateId))
      .orderBy(asc(templateSections.position));
    const top = sections.filter((s) => s.parentId === null);
    expect(top.map((s) => [s.position, s.type, s.title])).toEqual([
      [1, 'parties', 'Parties'],
      [2, 'normal', 'Definitions'],
      [3, 'normal', 'Fees'],
      [4, 'normal', 'Term'],
      [5, 'signers', 'Signatures'],
    ]);
    const childrenOf = (title: string) =>
      sections
        .filter((s) => s.parentId === top.find((p) => p.title === title)?.id)
        .map((s) => [s.position, s.title, s.content[0]?.html]);
    expect(childrenOf('Definitions')).toEqual([
      [101, 'Services', '<p>The consulting services described in the order.</p>'],
      [102, 'Deliverables', '<p>Reports and code.</p>'],
    ]);
    expect(childrenOf('Term')).toEqual([[101, 'Start', '<p>On signing.</p>']]);
    const fees = top.find((s) => s.title === 'Fees');
    expect(fees?.content).toEqual([
      { id: fees?.defaultContentId, html: '<p>EUR 100 per hour, invoiced monthly.</p>' },
    ]);
    expect(top.find((s) => s.title === 'Definitions')?.content[0]?.html).toBe(
      '<p>Words in this agreement mean what they say.</p>',
    );

    // The templates API shows it to its creator as an editor, and to no one else.
    const opened = await call('GET', `/templates/${templateId}`, author.cookie);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ title: 'Consulting Agreement', canEdit: true });
    expect(opened.json().sections.map((s: { number: string; title: string }) => s.number)).toEqual([
      '',
      '1',
      '1.1',
      '1.2',
      '2',
      '3',
      '3.1',
      '',
    ]);
    expect((await call('GET', `/templates/${templateId}`, stranger.cookie)).statusCode).toBe(404);

    // A second click answers with the same template and makes no other.
    const again = await call('POST', `/imports/${importId}/template`, author.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ templateId });
    const mine = await db.select().from(templates).where(eq(templates.fromImportId, importId));
    expect(mine).toHaveLength(1);
  });

  it('refuses another user’s upload and an upload used twice', async () => {
    const { id } = await uploadFile(t, author.cookie, {
      name: 'again.docx',
      body: await agreementDocx(),
      purpose: 'import',
    });
    expect((await call('POST', '/imports', stranger.cookie, { uploadId: id })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/imports', author.cookie, { uploadId: id })).statusCode).toBe(201);
    expect((await call('POST', '/imports', author.cookie, { uploadId: id })).statusCode).toBe(409);
  });
});

describe('bad Word files are refused quickly with a clear message', () => {
  it('a file that is not a zip, at the end of its upload', async () => {
    const { response } = await uploadFile(t, author.cookie, {
      name: 'contract.docx',
      body: Buffer.from('{\\rtf1 this is an RTF file renamed .docx}'),
      purpose: 'import',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(
      'The file "contract.docx" is not a Word document. Only .docx files can be imported.',
    );
  });

  it('a zip bomb, from its directory, before anything is unpacked', async () => {
    const bomb = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(60 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = Date.now();
    const response = await importFile(author, 'bomb.docx', bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(
      'The Word document unpacks to more than 50 Mb and cannot be imported.',
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a zip with too many parts', async () => {
    const many = makeZip(
      Array.from({ length: 2001 }, (_, i) => ({ name: `part${i}.xml`, data: Buffer.from('x') })),
    );
    const response = await importFile(author, 'many.docx', many);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(
      'The Word document has too many parts (more than 2000) to import.',
    );
  });

  it('a zip that is not a Word document', async () => {
    const response = await importFile(
      author,
      'photos.docx',
      makeZip([{ name: 'photo.txt', data: Buffer.from('not a document') }]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(
      'The file is not a Word document (.docx): it has no document body.',
    );
  });

  it('a zip whose directory lies about the unpacked size ends in error, never in mammoth', async () => {
    const liar = makeZip([
      { name: 'word/document.xml', data: Buffer.alloc(5 * 1024 * 1024), declaredSize: 100 },
    ]);
    const response = await importFile(author, 'liar.docx', liar);
    expect(response.statusCode).toBe(201);
    const detail = await waitForImport(author, response.json().id);
    expect(detail).toMatchObject({
      state: 'error',
      errorCode: 'import_too_large',
      errorMessage: 'The Word document unpacks to more than 50 Mb and cannot be imported.',
      blocks: [],
    });
    const refused = await call('POST', `/imports/${detail.id}/template`, author.cookie);
    expect(refused.statusCode).toBe(409);
  });

  it('a file the conversion cannot read is retried, and the last try leaves a reason', async () => {
    const { db } = t.platform.database;
    const [file] = await db
      .insert(files)
      .values({
        name: 'lost.docx',
        size: 10,
        type: 'application/octet-stream',
        purpose: 'import',
        storageKey: 'imports/2026/11/00000000-0000-4000-8000-000000000000.docx',
        offset: 10,
        completedAt: new Date(),
        createdBy: author.id,
      })
      .returning();
    const [row] = await db
      .insert(templateImports)
      .values({ fileId: file?.id ?? '', name: 'lost.docx', size: 10, createdBy: author.id })
      .returning();
    const importId = row?.id ?? '';
    const job = convertImportJob(t.platform);
    await expect(job.handle({ importId }, { jobId: 'a', retryCount: 0 })).rejects.toThrow();
    await job.handle({ importId }, { jobId: 'a', retryCount: 3 });
    const detail = (await call('GET', `/imports/${importId}`, author.cookie)).json();
    expect(detail).toMatchObject({
      state: 'error',
      errorCode: 'import_conversion_failed',
      errorMessage: 'The Word document could not be converted.',
    });
  });
});

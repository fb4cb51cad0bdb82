import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { deals, files, signedPdfs } from '../../db/schema';
import { sha256Hex } from '../../platform/pdf/content-hash';
import {
  createPlatform,
  type Platform,
  startPlatform,
  stopPlatform,
} from '../../platform/platform';
import { eventually } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';
import {
  getSignedPdfStatus,
  produceSignedPdf,
  registerSignedPdfJob,
  retrySignedPdf,
  type SignedPdfBuild,
  type SignedPdfJob,
} from './signed-pdf';

describe('the signed PDF of a deal, made exactly once', () => {
  let database: TestDatabase;
  let platform: Platform;
  let job: SignedPdfJob;
  let dataDir: string;
  let senderId: string;
  let isFailing = false;
  let builds = 0;

  const build: SignedPdfBuild = async (dealId) => {
    builds += 1;
    if (isFailing) throw new Error('The contract could not be drawn');
    const pdf = await platform.pdf.renderContract({
      title: 'Toimitussopimus',
      contractId: dealId,
      parties: {
        sender: { type: 'business', name: 'Puu Oy' },
        receiver: { type: 'business', name: 'Sjöfart Ab' },
      },
      // each build differs (as two real runs do in their seal time), so racing runs store two objects
      sections: [
        { number: '1', title: 'Kohde', html: `<p>Sahatavaraa 12 000 €. Build ${builds}.</p>` },
      ],
      signers: [],
    });
    return { pdf, name: 'Toimitussopimus.pdf' };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-signed-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    platform = await createPlatform(config, database, { pollingIntervalSeconds: 0.5 });
    job = registerSignedPdfJob(platform, build);
    await startPlatform(platform, { isWorker: true });
    senderId = (await createUser(platform)).id;
  });
  afterAll(async () => {
    if (platform) await stopPlatform(platform);
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function newDeal() {
    const [deal] = await database.db
      .insert(deals)
      .values({
        title: 'Toimitussopimus',
        process: 'negotiate',
        state: 'signed',
        parties: {
          sender: { type: 'business', name: 'Puu Oy' },
          receiver: { type: 'business', name: 'Sjöfart Ab' },
        },
        sentBy: senderId,
        signedAt: new Date(),
      })
      .returning({ id: deals.id });
    if (!deal) throw new Error('deal not created');
    return deal.id;
  }

  const storedObjects = (dealId: string) => {
    const folder = path.join(dataDir, 'files', 'signed-pdfs', dealId);
    return fs.existsSync(folder)
      ? fs.readdirSync(folder).filter((name) => !name.endsWith('.meta.json'))
      : [];
  };

  it('is queued with the completion, sealed by the job, and its stored hash matches the file', async () => {
    const dealId = await newDeal();
    await database.db.transaction((tx) => job.queue(tx, dealId));
    const status = await eventually(async () => {
      const current = await getSignedPdfStatus(database.db, dealId);
      return current?.state === 'done' ? current : undefined;
    }, 30_000);
    expect(status).toMatchObject({ attempts: 1, lastError: null });
    const [file] = await database.db
      .select()
      .from(files)
      .where(eq(files.id, status.fileId ?? ''));
    expect(file).toMatchObject({
      purpose: 'signed-pdf',
      type: 'application/pdf',
      sha256: status.sha256,
    });
    const bytes = await platform.storage.get(file?.storageKey ?? '');
    expect(sha256Hex(bytes)).toBe(status.sha256);
    expect(bytes.length).toBe(file?.size);

    const pdfFile = path.join(dataDir, 'check.pdf');
    fs.writeFileSync(pdfFile, bytes);
    const report = execFileSync('pdfsig', ['-nocert', '-no-ocsp', pdfFile], { encoding: 'utf8' });
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');

    // a re-run (a redelivered job, a restart) changes nothing
    const before = builds;
    expect(await produceSignedPdf(platform, build, dealId, { isLastAttempt: false })).toBe(
      'skipped',
    );
    expect(builds).toBe(before);
  });

  /** One file row for the deal's signed PDF, and in storage that one object and no other. */
  async function expectOneStoredPdf(dealId: string) {
    const rows = await database.db
      .select()
      .from(files)
      .where(like(files.storageKey, `signed-pdfs/${dealId}/%`));
    expect(rows).toHaveLength(1);
    expect(storedObjects(dealId)).toEqual([`${rows[0]?.sha256}.pdf`]);
  }

  it('keeps one PDF when two runs race (a job re-run while the first still works)', async () => {
    const dealId = await newDeal();
    await database.db.insert(signedPdfs).values({ dealId });
    const outcomes = await Promise.all([
      produceSignedPdf(platform, build, dealId, { isLastAttempt: false }),
      produceSignedPdf(platform, build, dealId, { isLastAttempt: false }),
    ]);
    expect(outcomes.sort()).toEqual(['done', 'skipped']);
    await expectOneStoredPdf(dealId);
  });

  it('skips a run whose object the run that finished first swept away during its write', async () => {
    const dealId = await newDeal();
    await database.db.insert(signedPdfs).values({ dealId });
    const realPut = platform.storage.put.bind(platform.storage);
    let first: 'done' | 'skipped' | undefined;
    // This run's write lands; the other run then finishes and sweeps the keys it finds noted
    // besides its own; this run's look at what it wrote finds nothing (as local storage's
    // `stat` after its rename did in CI).
    vi.spyOn(platform.storage, 'put').mockImplementationOnce(async (key, body, options) => {
      const stored = await realPut(key, body, options);
      first = await produceSignedPdf(platform, build, dealId, { isLastAttempt: false });
      await platform.storage.get(key);
      return stored;
    });
    const late = await produceSignedPdf(platform, build, dealId, { isLastAttempt: false });
    expect([first, late]).toEqual(['done', 'skipped']);
    expect(await getSignedPdfStatus(database.db, dealId)).toMatchObject({ state: 'done' });
    await expectOneStoredPdf(dealId);
  });

  it('records a failing seal for the sender, fails after the last retry, and can be retried', async () => {
    const dealId = await newDeal();
    await database.db.insert(signedPdfs).values({ dealId });
    isFailing = true;
    await expect(
      produceSignedPdf(platform, build, dealId, { isLastAttempt: false }),
    ).rejects.toThrow('could not be drawn');
    expect(await getSignedPdfStatus(database.db, dealId)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'The contract could not be drawn',
    });
    await expect(
      produceSignedPdf(platform, build, dealId, { isLastAttempt: true }),
    ).rejects.toThrow();
    expect(await getSignedPdfStatus(database.db, dealId)).toMatchObject({
      state: 'failed',
      attempts: 2,
    });
    expect(storedObjects(dealId)).toEqual([]);

    isFailing = false;
    expect(await retrySignedPdf(platform, job, dealId)).toBe(true);
    const status = await eventually(async () => {
      const current = await getSignedPdfStatus(database.db, dealId);
      return current?.state === 'done' ? current : undefined;
    }, 30_000);
    expect(status).toMatchObject({ attempts: 3, lastError: null });
    expect(await retrySignedPdf(platform, job, dealId)).toBe(false);
  });
});

import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { files, signedPdfs } from '../../db/schema';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import { sha256Hex } from '../../platform/pdf/content-hash';
import type { Platform } from '../../platform/platform';

/*
 * The signed PDF of a completed deal, made once. The completion transaction calls
 * `queueSignedPdf`: a `signed_pdf` row (state pending) and the job, both committed with the
 * deal becoming signed. The job builds the PDF (the caller's `build`), seals it, stores it under
 * a key named by its hash and, in one transaction, records the file and marks the row done —
 * only if it is not done yet. A crash anywhere before that commit leaves the row pending and
 * the job runs again: at once when the server starts again (`resumePendingSignedPdfs`),
 * otherwise when pg-boss expires the run. A run that loses a race removes its own object; every
 * run notes its key on the row before it stores, and the run that records the PDF removes the
 * objects of runs that crashed after storing. So however often it runs, the deal ends with
 * exactly one recorded, sealed PDF, and one object in storage. Failures are
 * counted on the row (`attempts`, `lastError`) for the sender to see, and 'failed' once the
 * retries are spent; `retrySignedPdf` starts it again.
 */

/** Builds the unsealed PDF of a signed deal (renderContract or appendSigningPages). */
export type SignedPdfBuild = (
  dealId: string,
) => Promise<{ pdf: Uint8Array; name: string; auditChainHead?: string | null }>;

/** Runs in the transaction that records the finished PDF (e.g. queues the signers' e-mails). */
export type SignedPdfDone = (
  tx: Tx,
  done: { dealId: string; fileId: string; sha256: string },
) => Promise<void>;

/** Runs once the retries are spent and the row is marked failed (e.g. fails the filings). */
export type SignedPdfFailed = (
  db: DbOrTx,
  failed: { dealId: string; error: string },
) => Promise<void>;

export const SIGNED_PDF_RETRY_LIMIT = 5;

/** Where a crash test (PACTUM_CRASH_AT, never in production) ends the process: stored, not done. */
export const SIGNED_PDF_CRASH_AFTER_STORE = 'signed-pdf-after-store';

export type SignedPdfStatus = {
  state: 'pending' | 'done' | 'failed';
  fileId: string | null;
  sha256: string | null;
  attempts: number;
  lastError: string | null;
  completedAt: Date | null;
  /** The audit chain's last hash printed in the sealed PDF. */
  auditChainHead: string | null;
};

export type SignedPdfJob = {
  definition: JobDefinition<{ dealId: string }>;
  /** In the completion transaction: the pending row and the job, committed together. */
  queue(tx: DbOrTx, dealId: string): Promise<void>;
};

/** Registers the job (before the platform starts) with the feature's PDF builder. */
export function registerSignedPdfJob(
  platform: Platform,
  build: SignedPdfBuild,
  onDone?: SignedPdfDone,
  onFailed?: SignedPdfFailed,
): SignedPdfJob {
  const definition = defineJob<{ dealId: string }>({
    name: 'signing.signed-pdf',
    retryLimit: SIGNED_PDF_RETRY_LIMIT,
    retryDelaySeconds: 15,
    // Drawing and sealing a long contract with its signing pages is the heaviest job we have;
    // a run cut short by expiry would only start the same heavy work again beside it.
    expireInSeconds: 10 * 60,
    async handle({ dealId }, context) {
      await produceSignedPdf(platform, build, dealId, {
        isLastAttempt: context.retryCount >= SIGNED_PDF_RETRY_LIMIT,
        ...(onDone ? { onDone } : {}),
        ...(onFailed ? { onFailed } : {}),
      });
    },
  });
  platform.jobs.register(definition);
  return {
    definition,
    async queue(tx, dealId) {
      await tx
        .insert(signedPdfs)
        .values({ dealId })
        .onConflictDoNothing({ target: signedPdfs.dealId });
      await platform.jobs.enqueue(tx, definition, { dealId });
    },
  };
}

/**
 * One run of the job. Returns 'done' when this run stored the PDF, 'skipped' when it was
 * already done (or the deal is gone); throws (after recording the error) when it failed.
 */
export async function produceSignedPdf(
  platform: Platform,
  build: SignedPdfBuild,
  dealId: string,
  options: { isLastAttempt: boolean; onDone?: SignedPdfDone; onFailed?: SignedPdfFailed },
): Promise<'done' | 'skipped'> {
  const { db } = platform.database;
  const [row] = await db
    .update(signedPdfs)
    .set({ attempts: sql`${signedPdfs.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(signedPdfs.dealId, dealId), ne(signedPdfs.state, 'done')))
    .returning({ dealId: signedPdfs.dealId });
  if (!row) return 'skipped';

  let key: string | undefined;
  let leftovers: string[] = [];
  try {
    const { pdf, name, auditChainHead } = await build(dealId);
    const sealed = Buffer.from(await platform.pdf.seal(pdf));
    const sha256 = sha256Hex(sealed);
    const objectKey = `signed-pdfs/${dealId}/${sha256}.pdf`;
    // Noted before the write, so that a crash after it leaves a trace for the sweep below.
    const [noted] = await db
      .update(signedPdfs)
      .set({ storedKeys: sql`array_append(${signedPdfs.storedKeys}, ${objectKey})` })
      .where(and(eq(signedPdfs.dealId, dealId), ne(signedPdfs.state, 'done')))
      .returning({ dealId: signedPdfs.dealId });
    if (!noted) return 'skipped';
    key = objectKey;
    await platform.storage.put(objectKey, sealed, { contentType: 'application/pdf' });
    if (platform.config.crashAt === SIGNED_PDF_CRASH_AFTER_STORE) process.exit(70);
    const isStored = await db.transaction(async (tx) => {
      // Lock the row; another run that finished first leaves nothing to do.
      const [open] = await tx
        .select({ dealId: signedPdfs.dealId, storedKeys: signedPdfs.storedKeys })
        .from(signedPdfs)
        .where(and(eq(signedPdfs.dealId, dealId), ne(signedPdfs.state, 'done')))
        .for('update');
      if (!open) return false;
      leftovers = open.storedKeys.filter((stored) => stored !== objectKey);
      const [file] = await tx
        .insert(files)
        .values({
          name,
          size: sealed.length,
          type: 'application/pdf',
          storageKey: objectKey,
          offset: sealed.length,
          purpose: 'signed-pdf',
          sha256,
          completedAt: sql`now()`,
        })
        .returning({ id: files.id });
      await tx
        .update(signedPdfs)
        .set({
          state: 'done',
          fileId: file?.id,
          sha256,
          auditChainHead: auditChainHead ?? null,
          lastError: null,
          storedKeys: sql`'{}'::text[]`,
          completedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(signedPdfs.dealId, dealId));
      if (file && options.onDone) await options.onDone(tx, { dealId, fileId: file.id, sha256 });
      return true;
    });
    if (!isStored) {
      // Another run finished first; its file stays, this one's goes (unless it is the very
      // same object: RSA signatures are deterministic, so two runs within one second match).
      const [winner] = await db
        .select({ sha256: signedPdfs.sha256 })
        .from(signedPdfs)
        .where(eq(signedPdfs.dealId, dealId));
      if (winner?.sha256 !== sha256) await platform.storage.delete(objectKey);
      return 'skipped';
    }
    // Objects of earlier runs that crashed after storing them: recorded nowhere, so removed.
    for (const leftover of leftovers) {
      await platform.storage.delete(leftover).catch(() => undefined);
    }
    return 'done';
  } catch (error) {
    if (key) await removeUnrecorded(platform, dealId, key);
    const lastError = String((error as Error)?.message ?? error).slice(0, 500);
    const isRecorded = await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(signedPdfs)
        .set({
          lastError,
          state: options.isLastAttempt ? 'failed' : 'pending',
          updatedAt: sql`now()`,
        })
        .where(and(eq(signedPdfs.dealId, dealId), ne(signedPdfs.state, 'done')))
        .returning({ state: signedPdfs.state });
      // Told in the same transaction, so what waits on the PDF never waits on a failed one.
      if (failed?.state === 'failed' && options.onFailed) {
        await options.onFailed(tx, { dealId, error: lastError });
      }
      return failed !== undefined;
    });
    // Another run finished first while this one worked (its sweep may have taken this run's
    // object from under its write): the PDF is made, there is nothing to fail or retry.
    if (!isRecorded) return 'skipped';
    throw error;
  }
}

/** Removes a stored object no row points to (a run that failed after storing it). */
async function removeUnrecorded(platform: Platform, dealId: string, key: string) {
  const [row] = await platform.database.db
    .select({ fileId: signedPdfs.fileId })
    .from(signedPdfs)
    .innerJoin(files, eq(files.id, signedPdfs.fileId))
    .where(and(eq(signedPdfs.dealId, dealId), eq(files.storageKey, key)));
  if (!row) await platform.storage.delete(key).catch(() => undefined);
}

/** How the signed PDF of a deal is doing, for the sender's view; null before completion. */
export async function getSignedPdfStatus(
  db: DbOrTx,
  dealId: string,
): Promise<SignedPdfStatus | null> {
  const [row] = await db.select().from(signedPdfs).where(eq(signedPdfs.dealId, dealId));
  if (!row) return null;
  return {
    state: row.state,
    fileId: row.fileId,
    sha256: row.sha256,
    attempts: row.attempts,
    lastError: row.lastError,
    completedAt: row.completedAt,
    auditChainHead: row.auditChainHead,
  };
}

/**
 * Enqueues the job again for every signed PDF still pending (after a crash or a restart the
 * running job's worker is gone, and pg-boss would retry it only when it expires, 10 minutes
 * on). Running it twice is harmless: the row is marked done once and the loser's object goes.
 */
export async function resumePendingSignedPdfs(platform: Platform, job: SignedPdfJob) {
  const { db } = platform.database;
  const pending = await db
    .select({ dealId: signedPdfs.dealId })
    .from(signedPdfs)
    .where(eq(signedPdfs.state, 'pending'));
  for (const { dealId } of pending) {
    await db.transaction(async (tx) => {
      await platform.jobs.enqueue(tx, job.definition, { dealId });
    });
  }
}

/** Starts a failed signed PDF again (a sender's or an operator's retry). */
export async function retrySignedPdf(
  platform: Platform,
  job: SignedPdfJob,
  dealId: string,
): Promise<boolean> {
  return platform.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(signedPdfs)
      .set({ state: 'pending', updatedAt: sql`now()` })
      .where(and(eq(signedPdfs.dealId, dealId), eq(signedPdfs.state, 'failed')))
      .returning({ dealId: signedPdfs.dealId });
    if (!row) return false;
    await platform.jobs.enqueue(tx, job.definition, { dealId });
    return true;
  });
}

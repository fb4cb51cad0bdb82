import type { ChainCheck } from '@pactum/core/api/admin';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditChainChecks, deals } from '../../db/schema';
import { verifyEventChain } from '../../documents/audit-chain';
import { AppError } from '../../http/app-error';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import { getSignedPdfStatus } from '../signing';

/*
 * An admin's check of a deal's audit chain (issue 17). The request only records the check as
 * queued and enqueues the `admin.check-chain` job in the same transaction; the job re-hashes
 * the chain (never on the request path) and stores the outcome, which the document page reads.
 */

export const CHAIN_CHECK_JOB = 'admin.check-chain';

/** `requestedAt` names the request the job answers: a newer request has its own job. */
type ChainCheckJobData = { dealId: string; requestedAt: string };

export function chainCheckJob(platform: Platform): JobDefinition<ChainCheckJobData> {
  return defineJob<ChainCheckJobData>({
    name: CHAIN_CHECK_JOB,
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    async handle(data) {
      await runChainCheck(platform, data);
    },
  });
}

/** Adds the job to the platform's queues (before it starts). */
export function registerChainCheckJob(platform: Platform): void {
  platform.jobs.register(chainCheckJob(platform));
}

/** The stored check as the API answers it. */
export function toChainCheck(row: typeof auditChainChecks.$inferSelect): ChainCheck {
  return {
    status: row.status,
    count: row.count,
    brokenSeq: row.brokenSeq,
    brokenReason: row.brokenReason,
    requestedAt: row.requestedAt,
    checkedAt: row.checkedAt,
  };
}

/**
 * Queues a check of the deal's chain: the check row (back to 'queued', the last outcome
 * cleared) and its job are written in one transaction, so a check is queued exactly when its
 * job exists. 404 for an unknown deal.
 */
export async function requestChainCheck(
  platform: Platform,
  options: { adminId: string; dealId: string },
): Promise<ChainCheck> {
  return platform.database.db.transaction(async (tx) => {
    const [deal] = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.id, options.dealId));
    if (!deal) throw new AppError('not_found');
    const requestedAt = new Date();
    const queued = {
      status: 'queued' as const,
      count: null,
      brokenSeq: null,
      brokenReason: null,
      requestedBy: options.adminId,
      requestedAt,
      checkedAt: null,
    };
    const [row] = await tx
      .insert(auditChainChecks)
      .values({ collection: 'deals', documentId: deal.id, ...queued })
      .onConflictDoUpdate({
        target: [auditChainChecks.collection, auditChainChecks.documentId],
        set: queued,
      })
      .returning();
    if (!row) throw new Error('chain check not stored');
    await platform.jobs.enqueue(tx, chainCheckJob(platform), {
      dealId: deal.id,
      requestedAt: requestedAt.toISOString(),
    });
    return toChainCheck(row);
  });
}

/**
 * Runs one queued check: verifies the chain (against the sealed PDF's pinned head when the deal
 * has one) and stores the outcome on the check it was queued for. Running it again stores the
 * same outcome; a check requested again meanwhile is left to its own job.
 */
export async function runChainCheck(platform: Platform, data: ChainCheckJobData): Promise<void> {
  const { db } = platform.database;
  const document = { collection: 'deals' as const, documentId: data.dealId };
  const pdf = await getSignedPdfStatus(db, data.dealId);
  const report = await verifyEventChain(db, document, { pinnedHead: pdf?.auditChainHead ?? null });
  await storeOutcome(db, data, {
    status: report.isValid ? 'valid' : 'broken',
    count: report.count,
    brokenSeq: report.isValid ? null : report.brokenAt.seq,
    brokenReason: report.isValid ? null : report.brokenAt.reason,
    checkedAt: new Date(),
  });
}

async function storeOutcome(
  db: DbOrTx,
  data: ChainCheckJobData,
  outcome: Pick<
    typeof auditChainChecks.$inferInsert,
    'status' | 'count' | 'brokenSeq' | 'brokenReason' | 'checkedAt'
  >,
): Promise<void> {
  await db
    .update(auditChainChecks)
    .set(outcome)
    .where(
      and(
        eq(auditChainChecks.collection, 'deals'),
        eq(auditChainChecks.documentId, data.dealId),
        eq(auditChainChecks.requestedAt, new Date(data.requestedAt)),
      ),
    );
}

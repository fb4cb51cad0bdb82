import type { Tx } from '../../db/client';
import {
  type ChainReport,
  type ChainRow,
  checkEventChain,
  onChainAppend,
  verifyEventChain,
} from '../../documents/audit-chain';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import {
  type ChainCheckOutcome,
  claimChainCheck,
  markChainCheckQueued,
  type StoredChainCheck,
  storeChainCheck,
} from './chain-check-queries';

/*
 * A deal's audit chain checked once per change, not on every read ("the chain check stored per
 * deal and refreshed when an event is appended"). A deal event appended with the platform
 * (`appendEvent(tx, event, platform)`, as signing's `appendDealEvent` does) queues the
 * `signing.check-chain` job in its transaction, once for a burst of events; the job re-hashes
 * the whole chain off the request path and stores the verdict (`audit_chain_verdict`). The
 * signing view then hashes only the events appended since (`checkDealChain`). A change made
 * to an old event around the application is found by the next stored check, i.e. after the
 * deal's next event. Jobs are durable (pg-boss, committed with the event) and a run can be
 * repeated: each re-reads the chain as it is.
 */

export const CHAIN_CHECK_JOB = 'signing.check-chain';

/**
 * The view queues a stored check itself when it had to hash more events than this: a deal with
 * no stored check yet, or with events appended without one (by callers that do not pass the
 * platform to `appendEvent`).
 */
export const VIEW_HASH_LIMIT = 20;

type ChainCheckJobData = { dealId: string };

export function chainCheckJob(platform: Platform): JobDefinition<ChainCheckJobData> {
  return defineJob<ChainCheckJobData>({
    name: CHAIN_CHECK_JOB,
    // Hashing even a long chain takes well under a second.
    expireInSeconds: 2 * 60,
    async handle({ dealId }) {
      await refreshChainCheck(platform, dealId);
    },
  });
}

/** Adds the job to the platform's queues and queues a check after each deal event appended. */
export function registerChainCheck(platform: Platform): void {
  platform.jobs.register(chainCheckJob(platform));
  onChainAppend(platform, async (tx, appended) => {
    if (appended.collection === 'deals') await queueChainCheck(platform, tx, appended.documentId);
  });
}

/** In the caller's transaction: a check of the deal's chain, unless one is queued already. */
export async function queueChainCheck(platform: Platform, tx: Tx, dealId: string): Promise<void> {
  if (await markChainCheckQueued(tx, dealId)) {
    await platform.jobs.enqueue(tx, chainCheckJob(platform), { dealId });
  }
}

/**
 * The job: re-hashes the deal's whole chain and stores the verdict. Running it again stores the
 * verdict of the chain as it is then; a run that read the events before another run's stored
 * verdict leaves that one.
 */
export async function refreshChainCheck(platform: Platform, dealId: string): Promise<void> {
  const { db } = platform.database;
  const readAt = await claimChainCheck(db, dealId);
  const report = await verifyEventChain(db, { collection: 'deals', documentId: dealId });
  await storeChainCheck(db, dealId, readAt, outcomeOf(report));
}

function outcomeOf(report: ChainReport): ChainCheckOutcome {
  if (!report.isValid) {
    return {
      isValid: false,
      count: report.count,
      verifiedSeq: null,
      headHash: null,
      brokenSeq: report.brokenAt.seq,
      brokenReason: report.brokenAt.reason,
    };
  }
  // An intact chain numbers its events 1 to count.
  return {
    isValid: true,
    count: report.count,
    verifiedSeq: report.head === null ? null : report.count,
    headHash: report.head,
    brokenSeq: null,
    brokenReason: null,
  };
}

/**
 * The signing view's check of the deal's events it read (all of them, in chain order), against
 * the stored check: a stored broken verdict stands; events a stored intact verdict covers are
 * only followed (numbering, links, the stored head still there), not hashed again; events after
 * it, or all of them when there is no stored verdict yet, are hashed as before. The sealed PDF's
 * pinned head must still be in the chain. `hashed` is how many events were hashed here.
 */
export function checkDealChain(
  rows: readonly ChainRow[],
  stored: StoredChainCheck | undefined,
  pinnedHead: string | null,
): { isValid: boolean; hashed: number } {
  if (stored?.isValid === false) return { isValid: false, hashed: 0 };
  const verified =
    stored?.isValid && stored.verifiedSeq !== null && stored.headHash !== null
      ? { seq: stored.verifiedSeq, head: stored.headHash }
      : null;
  const report = checkEventChain(rows, { pinnedHead, verified });
  return { isValid: report.isValid, hashed: Math.max(rows.length - (verified?.seq ?? 0), 0) };
}

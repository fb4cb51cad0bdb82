import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { auditChainVerdicts } from '../../db/schema';

/*
 * The statements of a deal's stored chain check (`chain-check.ts`): one row per deal in
 * `audit_chain_verdict`, its verdict and whether a check is queued.
 */

export type StoredChainCheck = typeof auditChainVerdicts.$inferSelect;

/** The outcome a check stores, stamped with when it read the events (`claimChainCheck`). */
export type ChainCheckOutcome = Pick<
  StoredChainCheck,
  'isValid' | 'count' | 'verifiedSeq' | 'headHash' | 'brokenSeq' | 'brokenReason'
>;

/**
 * A check queued this long ago and still not started lost its job (it ran out of tries before
 * it could start): the next append queues another.
 */
const QUEUED_CHECK_STALE_SECONDS = 60 * 60;

const key = [auditChainVerdicts.collection, auditChainVerdicts.documentId];

function ofDeal(dealId: string) {
  return and(eq(auditChainVerdicts.collection, 'deals'), eq(auditChainVerdicts.documentId, dealId));
}

export async function findChainCheck(
  db: DbOrTx,
  dealId: string,
): Promise<StoredChainCheck | undefined> {
  const [row] = await db.select().from(auditChainVerdicts).where(ofDeal(dealId));
  return row;
}

/**
 * Marks the deal's check queued, unless one is queued and not started yet: true when the
 * caller is to enqueue the check's job (in the same transaction). Appends to a deal hold its
 * chain's lock, so a burst of them queues one check.
 */
export async function markChainCheckQueued(tx: Tx, dealId: string): Promise<boolean> {
  const queued = await tx
    .insert(auditChainVerdicts)
    .values({ collection: 'deals', documentId: dealId, queuedAt: sql`now()` })
    .onConflictDoUpdate({
      target: key,
      set: { queuedAt: sql`now()` },
      setWhere: or(
        isNull(auditChainVerdicts.queuedAt),
        lt(
          auditChainVerdicts.queuedAt,
          sql`now() - make_interval(secs => ${QUEUED_CHECK_STALE_SECONDS})`,
        ),
      ),
    })
    .returning({ documentId: auditChainVerdicts.documentId });
  return queued.length > 0;
}

/**
 * A check starts: the deal's check is no longer queued, so an append from now on queues
 * another. Answers the database's time (to the microsecond, as text), which the outcome is
 * stamped with: the events are read after it.
 */
export async function claimChainCheck(db: DbOrTx, dealId: string): Promise<string> {
  const [claimed] = await db
    .insert(auditChainVerdicts)
    .values({ collection: 'deals', documentId: dealId })
    .onConflictDoUpdate({ target: key, set: { queuedAt: null } })
    .returning({ at: sql<string>`now()::text` });
  if (!claimed) throw new Error('chain check not claimed');
  return claimed.at;
}

/**
 * Stores a check's outcome, unless a check that read the events later stored its own first:
 * checks of one deal may run side by side, and the last to read is the one that counts.
 */
export async function storeChainCheck(
  db: DbOrTx,
  dealId: string,
  readAt: string,
  outcome: ChainCheckOutcome,
): Promise<void> {
  const checkedAt = sql`${readAt}::timestamptz`;
  await db
    .update(auditChainVerdicts)
    .set({ ...outcome, checkedAt })
    .where(
      and(
        ofDeal(dealId),
        or(isNull(auditChainVerdicts.checkedAt), lte(auditChainVerdicts.checkedAt, checkedAt)),
      ),
    );
}

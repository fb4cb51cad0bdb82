import type { DraftQueue, Receiver } from '@pactum/core/drafts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { draftQueues, draftReceivers, drafts } from '../../db/schema';

/* The SQL of a draft's receivers and its send queue. */

export async function listReceivers(db: DbOrTx, draftId: string): Promise<Receiver[]> {
  const rows = await db
    .select()
    .from(draftReceivers)
    .where(eq(draftReceivers.draftId, draftId))
    .orderBy(asc(draftReceivers.position), asc(draftReceivers.createdAt));
  return rows.map((row) => ({
    id: row.id,
    party: row.party,
    emails: row.emails,
    dealId: row.dealId,
    status: row.status,
    position: row.position,
  }));
}

/** The first receiver's party of each of the drafts. */
export async function findFirstReceivers(db: DbOrTx, draftIds: string[]) {
  return draftIds.length
    ? await db
        .selectDistinctOn([draftReceivers.draftId], {
          draftId: draftReceivers.draftId,
          party: draftReceivers.party,
        })
        .from(draftReceivers)
        .where(inArray(draftReceivers.draftId, draftIds))
        .orderBy(draftReceivers.draftId, asc(draftReceivers.position))
    : [];
}

export async function getQueue(db: DbOrTx, draftId: string): Promise<DraftQueue | null> {
  const [queue] = await db.select().from(draftQueues).where(eq(draftQueues.draftId, draftId));
  return queue
    ? {
        id: queue.id,
        progress: queue.progress,
        step: queue.step,
        errorMessage: queue.errorMessage,
      }
    : null;
}

/** The draft's receiver rows, as stored. */
export function findReceiverRows(tx: Tx, draftId: string) {
  return tx.select().from(draftReceivers).where(eq(draftReceivers.draftId, draftId));
}

/** Deletes the draft's receivers but those kept. */
export async function deleteReceiversExcept(
  tx: Tx,
  options: { draftId: string; keptIds: string[] },
) {
  const { draftId, keptIds } = options;
  await tx
    .delete(draftReceivers)
    .where(
      keptIds.length > 0
        ? and(eq(draftReceivers.draftId, draftId), notInArray(draftReceivers.id, keptIds))
        : eq(draftReceivers.draftId, draftId),
    );
}

export async function insertReceiver(tx: Tx, values: typeof draftReceivers.$inferInsert) {
  await tx.insert(draftReceivers).values(values);
}

export function updateReceiver(
  tx: Tx,
  id: string,
  values: Pick<typeof draftReceivers.$inferInsert, 'party' | 'emails' | 'position'>,
) {
  return tx.update(draftReceivers).set(values).where(eq(draftReceivers.id, id));
}

/** Sets the draft's modifier and its modified time to the transaction's time. */
export async function touchDraft(tx: Tx, options: { draftId: string; userId: string }) {
  await tx
    .update(drafts)
    .set({ modifiedBy: options.userId, modifiedAt: sql`now()` })
    .where(eq(drafts.id, options.draftId));
}

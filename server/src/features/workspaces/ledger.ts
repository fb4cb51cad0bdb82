import type { CreditProduct } from '@pactum/core/api/workspaces';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { creditTransactions, workspaces } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type CreditChange = {
  workspaceId: string;
  /** Unique per change: the same key applies once, however often it is sent. */
  idempotencyKey: string;
  product: CreditProduct;
  /** Credits added (purchases, positive adjustments). */
  purchase?: number;
  /** Credits taken (sending, negative adjustments). */
  spend?: number;
  userId?: string | null;
  userName?: string | null;
} & Partial<
  Pick<
    typeof creditTransactions.$inferInsert,
    | 'currency'
    | 'unitPrice'
    | 'taxPrc'
    | 'taxAmount'
    | 'purchaseTotal'
    | 'pricePerSeat'
    | 'paymentId'
    | 'collection'
    | 'documentId'
    | 'documentProcess'
    | 'documentTitle'
    | 'receiverName'
  >
>;

export type AppliedChange = { isApplied: boolean; balance: number; transactionId: string };

/**
 * The only way credits move: writes the ledger row and moves the workspace balance in the
 * caller's transaction, marking the workspace's stats out of date. A key already used changes
 * nothing (and returns the first result); a spend the balance cannot cover is refused and the
 * transaction rolls back.
 */
export async function applyCreditChange(tx: Tx, change: CreditChange): Promise<AppliedChange> {
  const purchase = change.purchase ?? 0;
  const spend = change.spend ?? 0;
  if (purchase < 0 || spend < 0 || !Number.isInteger(purchase) || !Number.isInteger(spend)) {
    throw new Error('Credit changes are whole, non-negative purchase and spend amounts');
  }
  const amountChange = purchase - spend;
  // Inserting first takes the key: a concurrent request with the same key waits here, then
  // finds the key taken and applies nothing.
  const [row] = await tx
    .insert(creditTransactions)
    .values({
      workspaceId: change.workspaceId,
      idempotencyKey: change.idempotencyKey,
      product: change.product,
      purchase,
      spend,
      amountChange,
      balanceAfter: 0,
      currency: change.currency ?? null,
      unitPrice: change.unitPrice ?? null,
      taxPrc: change.taxPrc ?? null,
      taxAmount: change.taxAmount ?? null,
      purchaseTotal: change.purchaseTotal ?? null,
      pricePerSeat: change.pricePerSeat ?? null,
      userId: change.userId ?? null,
      userName: change.userName ?? null,
      paymentId: change.paymentId ?? null,
      collection: change.collection ?? null,
      documentId: change.documentId ?? null,
      documentProcess: change.documentProcess ?? null,
      documentTitle: change.documentTitle ?? null,
      receiverName: change.receiverName ?? null,
    })
    .onConflictDoNothing({ target: creditTransactions.idempotencyKey })
    .returning({ id: creditTransactions.id });
  if (!row) {
    const [existing] = await tx
      .select({ id: creditTransactions.id, balance: creditTransactions.balanceAfter })
      .from(creditTransactions)
      .where(eq(creditTransactions.idempotencyKey, change.idempotencyKey));
    if (!existing) throw new AppError('conflict');
    return { isApplied: false, balance: existing.balance, transactionId: existing.id };
  }
  // The stored stats count purchases and spends: a change marks them out of date, so the next
  // view or stats request counts them again instead of skipping for the rest of the day.
  const [updated] = await tx
    .update(workspaces)
    .set({
      credits: sql`${workspaces.credits} + ${amountChange}`,
      lastTransactionAt: new Date(),
      statsCalculatedAt: null,
    })
    .where(
      and(eq(workspaces.id, change.workspaceId), sql`${workspaces.credits} + ${amountChange} >= 0`),
    )
    .returning({ credits: workspaces.credits });
  if (!updated) throw new AppError('insufficient_credits');
  await tx
    .update(creditTransactions)
    .set({ balanceAfter: updated.credits })
    .where(eq(creditTransactions.id, row.id));
  return { isApplied: true, balance: updated.credits, transactionId: row.id };
}

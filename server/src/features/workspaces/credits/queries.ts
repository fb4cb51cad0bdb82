import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { creditTransactions } from '../../../db/schema';

/* The SQL that reads a workspace's credit ledger (it is written only by `applyCreditChange`). */

/** How many ledger rows the workspace has. */
export async function countTransactions(db: DbOrTx, workspaceId: string): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(creditTransactions)
    .where(eq(creditTransactions.workspaceId, workspaceId));
  return Number(total?.n ?? 0);
}

/** Ledger rows of a workspace as its pages show them, newest first (no access check). */
export async function readLedger(
  db: DbOrTx,
  options: { workspaceId: string; offset: number; limit: number },
) {
  const rows = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.workspaceId, options.workspaceId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    userName: row.userName,
    product: row.product,
    purchase: row.purchase,
    spend: row.spend,
    amountChange: row.amountChange,
    balanceAfter: row.balanceAfter,
    currency: row.currency,
    purchaseTotal: row.purchaseTotal,
    taxAmount: row.taxAmount,
    documentTitle: row.documentTitle,
    documentProcess: row.documentProcess,
    receiverName: row.receiverName,
  }));
}

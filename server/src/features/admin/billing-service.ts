import type { AdminWorkspaceDetail } from '@pactum/core/api/admin';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditTransactions, payments, users, workspaceMembers, workspaces } from '../../db/schema';
import { logAdminAction } from '../../documents/admin-log';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { type AppliedChange, applyCreditChange, notifyWorkspace, readLedger } from '../workspaces';

/*
 * The admin area's billing detail (issue 17): a workspace with its members, payments and
 * ledger, and the one way staff move credits by hand, a logged adjustment through the ledger.
 */

/** How many card payments the detail page shows, newest first. */
const DETAIL_PAYMENTS = 50;

type Admin = { id: string; name: string };

async function requireWorkspaceRow(db: DbOrTx, workspaceId: string) {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new AppError('not_found');
  return workspace;
}

/** A whole number from the licensing settings, or null when it holds none. */
const wholeNumber = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** The billing detail page of a workspace, deleted ones included. */
export async function getAdminWorkspace(
  platform: Platform,
  options: { workspaceId: string },
): Promise<AdminWorkspaceDetail> {
  const { db } = platform.database;
  const workspace = await requireWorkspaceRow(db, options.workspaceId);
  const members = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: workspaceMembers.role,
      disabledAt: users.disabledAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspace.id))
    .orderBy(asc(users.name), asc(users.id));
  const paymentRows = await db
    .select({
      id: payments.id,
      provider: payments.provider,
      status: payments.status,
      credits: payments.credits,
      currency: payments.currency,
      purchaseTotal: payments.purchaseTotal,
      errorCode: payments.errorCode,
      createdAt: payments.createdAt,
      creditedAt: payments.creditedAt,
    })
    .from(payments)
    .where(eq(payments.workspaceId, workspace.id))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(DETAIL_PAYMENTS);
  return {
    id: workspace.id,
    title: workspace.title,
    type: workspace.type,
    credits: workspace.credits,
    isVerified: workspace.isVerified,
    isRejected: workspace.isRejected,
    company: workspace.company,
    asyncPayment: workspace.asyncPayment,
    createdAt: workspace.createdAt,
    deletedAt: workspace.deletedAt,
    pricePerSeat: wholeNumber(workspace.licensing.pricePerSeat),
    maxActiveSeats: wholeNumber(workspace.licensing.maxActiveSeats),
    members,
    payments: paymentRows,
  };
}

/** The ledger of a workspace, newest first, a page at a time. */
export async function listAdminTransactions(
  platform: Platform,
  options: { workspaceId: string; page: number; pageSize: number },
) {
  const { db } = platform.database;
  await requireWorkspaceRow(db, options.workspaceId);
  const rows = await readLedger(db, {
    workspaceId: options.workspaceId,
    offset: (options.page - 1) * options.pageSize,
    limit: options.pageSize + 1,
  });
  return {
    items: rows.slice(0, options.pageSize),
    page: options.page,
    pageSize: options.pageSize,
    hasMore: rows.length > options.pageSize,
  };
}

/**
 * Adds (positive `amount`) or removes credits by hand, through the ledger: the key makes a
 * repeated request apply once, and only the change that applied is logged, in its own
 * transaction. Taking more than the balance is refused (409 `insufficient_credits`) and leaves
 * nothing behind.
 */
export async function adjustCredits(
  platform: Platform,
  options: {
    admin: Admin;
    workspaceId: string;
    amount: number;
    reason: string;
    idempotencyKey: string;
    ipAddress: string | null;
  },
): Promise<AppliedChange> {
  return platform.database.db.transaction(async (tx) => {
    const workspace = await requireWorkspaceRow(tx, options.workspaceId);
    const applied = await applyCreditChange(tx, {
      workspaceId: workspace.id,
      idempotencyKey: `admin-adjustment:${options.idempotencyKey}`,
      product: 'adjustment',
      ...(options.amount > 0 ? { purchase: options.amount } : { spend: -options.amount }),
      userId: options.admin.id,
      userName: options.admin.name,
    });
    if (!applied.isApplied) {
      // A key is one dialog's: the same key sent for another workspace is a client's mistake.
      const [first] = await tx
        .select({ id: creditTransactions.id })
        .from(creditTransactions)
        .where(
          and(
            eq(creditTransactions.id, applied.transactionId),
            eq(creditTransactions.workspaceId, workspace.id),
          ),
        );
      if (!first) throw new AppError('conflict');
      return applied;
    }
    await logAdminAction(tx, {
      adminId: options.admin.id,
      action: 'workspace.credits-adjusted',
      target: { kind: 'workspace', id: workspace.id, label: workspace.title },
      reason: options.reason,
      ipAddress: options.ipAddress,
      data: {
        amount: options.amount,
        balance: applied.balance,
        transactionId: applied.transactionId,
      },
    });
    await notifyWorkspace(platform, tx, workspace.id, 'credits.changed');
    return applied;
  });
}

import type { PaymentFailureCode } from '@pactum/core/billing';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { type ChargeStatus, chargeFailure } from '../../../platform/payments/payments';
import type { Platform } from '../../../platform/platform';
import { applyCreditChange } from '../ledger';
import type { PaymentRow } from './payment-state';
import { lockPayment, updatePayment } from './queries';

/** The columns of a failure: its code and the words that came with it. */
const failureColumns = (failure: { code: PaymentFailureCode; message: string }) => ({
  errorCode: failure.code,
  errorMessage: failure.message,
});

/** Puts a succeeded payment's credits in the ledger, in the caller's transaction (the ledger's key makes it once). */
async function grantPaymentIn(
  tx: Tx,
  platform: Platform,
  payment: PaymentRow,
  userName: string | null,
) {
  const applied = await applyCreditChange(tx, {
    workspaceId: payment.workspaceId,
    idempotencyKey: `payment:${payment.id}`,
    product: 'credits',
    purchase: payment.credits,
    currency: payment.currency,
    unitPrice: payment.unitPrice,
    taxPrc: payment.taxPrc,
    taxAmount: payment.taxAmount,
    purchaseTotal: payment.purchaseTotal,
    paymentId: payment.id,
    userId: payment.createdBy,
    userName,
  });
  await platform.realtime.publish(tx, {
    topic: `workspace:${payment.workspaceId}`,
    type: 'credits.changed',
  });
  return applied.balance;
}

/**
 * The one state machine of a payment: applies what the processor said, under a lock on the
 * payment row, so the request, the 3-D Secure return, the webhook and the reconciliation can
 * meet without harm. Money that moved always wins: `succeeded` is reached from any state and
 * never left. `mayGrant` puts a succeeded payment's credits in the ledger in the same
 * transaction, so a succeeded payment cannot lose its grant to a crash.
 */
type Settlement = {
  outcome: ChargeStatus;
  providerPaymentId?: string | null;
  userName: string | null;
  mayGrant: boolean;
};

export function settle(platform: Platform, paymentId: string, options: Settlement) {
  return platform.database.db.transaction((tx) => settleIn(tx, platform, paymentId, options));
}

export async function settleIn(
  tx: Tx,
  platform: Platform,
  paymentId: string,
  options: Settlement,
): Promise<{ payment: PaymentRow; balance?: number }> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment) throw new AppError('not_found');
  const { outcome } = options;
  const status =
    payment.status === 'succeeded' || outcome.status === 'succeeded'
      ? 'succeeded'
      : payment.status === 'failed' || outcome.status === 'not_charged'
        ? payment.status
        : outcome.status;
  const isGranted = status === 'succeeded' && !payment.creditedAt && options.mayGrant;
  const updated = await updatePayment(tx, payment.id, {
    status,
    ...(status === 'failed' && payment.status !== 'failed'
      ? failureColumns(outcome.status === 'failed' ? outcome : chargeFailure('payment_failed'))
      : {}),
    ...(status === 'succeeded' ? { errorMessage: null, errorCode: null } : {}),
    ...(options.providerPaymentId && !payment.providerPaymentId
      ? { providerPaymentId: options.providerPaymentId }
      : {}),
    ...(isGranted ? { creditedAt: new Date() } : {}),
    updatedAt: new Date(),
  });
  if (!updated) throw new AppError('conflict');
  if (!isGranted) return { payment: updated };
  return {
    payment: updated,
    balance: await grantPaymentIn(tx, platform, updated, options.userName),
  };
}

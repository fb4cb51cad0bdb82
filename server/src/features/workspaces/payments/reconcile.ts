import { type ChargeStatus, chargeFailure } from '../../../platform/payments/payments';
import type { Platform } from '../../../platform/platform';
import { requireCardProcessor } from './card-processor';
import { isSettled, type PaymentRow } from './payment-state';
import { settle } from './settle';

/** A 3-D Secure the customer never finished is cancelled after a day. */
const ABANDON_OPEN_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Asks the processor how an unsettled payment stands and settles it. With `mayAbandon` (the
 * reconciliation, once the request that made the payment is long over) a payment that was
 * never charged, or whose 3-D Secure was left open for a day, is cancelled and fails; a
 * processor that grants on webhooks is then trusted by what it answers here, server to server.
 */
export async function reconcile(
  platform: Platform,
  payment: PaymentRow,
  options: { userName: string | null; mayAbandon: boolean },
): Promise<{ payment: PaymentRow; balance?: number }> {
  if (isSettled(payment)) return { payment };
  const processor = requireCardProcessor(platform);
  const mayGrant = options.mayAbandon || !processor.grantsOnWebhook;
  let outcome: ChargeStatus =
    payment.status === 'succeeded'
      ? { status: 'succeeded' }
      : payment.providerPaymentId
        ? await processor.retrieve(payment.providerPaymentId)
        : { status: 'not_charged' };
  const isStale =
    outcome.status === 'not_charged' ||
    (outcome.status === 'requires_action' &&
      Date.now() - payment.createdAt.getTime() > ABANDON_OPEN_AFTER_MS);
  if (options.mayAbandon && isStale) {
    outcome = payment.providerPaymentId
      ? await processor.cancel(payment.providerPaymentId)
      : chargeFailure('payment_failed');
  }
  return settle(platform, payment.id, { outcome, userName: options.userName, mayGrant });
}

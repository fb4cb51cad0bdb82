import { chargeFailure, type PaymentWebhookEvent } from '../../../platform/payments/payments';
import type { Platform } from '../../../platform/platform';
import { requireCardProcessor } from './card-processor';
import { findPaymentByProviderId, recordPaymentEvent } from './queries';
import { settleIn } from './settle';

/**
 * Applies a processor's webhook (its signature already verified): each event once, recorded
 * in the same transaction as the credits it grants, so a replay or a retry changes nothing.
 */
export async function applyPaymentWebhook(
  platform: Platform,
  event: PaymentWebhookEvent,
): Promise<{ isDuplicate: boolean }> {
  const processor = requireCardProcessor(platform);
  return platform.database.db.transaction(async (tx) => {
    const isRecorded = await recordPaymentEvent(tx, {
      provider: processor.kind,
      eventId: event.eventId,
      type: event.type,
    });
    if (!isRecorded) return { isDuplicate: true };
    if (!event.providerPaymentId || !event.outcome) return { isDuplicate: false };
    const payment = await findPaymentByProviderId(tx, processor.kind, event.providerPaymentId);
    if (!payment) return { isDuplicate: false };
    await settleIn(tx, platform, payment.id, {
      outcome:
        event.outcome === 'failed'
          ? (event.failure ?? chargeFailure('payment_failed'))
          : { status: 'succeeded' },
      userName: null,
      mayGrant: true,
    });
    return { isDuplicate: false };
  });
}

import type { CardInput } from '@pactum/core/billing';
import { eq } from 'drizzle-orm';
import { workspaces } from '../../../db/schema';
import { chargeFailure } from '../../../platform/payments/payments';
import type { Platform } from '../../../platform/platform';
import { requireCardProcessor } from './card-processor';
import { type PaymentRow, type PaymentState, stateOf } from './payment-state';
import { setProviderPaymentId } from './queries';
import { settle } from './settle';

/** Where a crash test (PACTUM_CRASH_AT, never in production) ends the process: charged, not yet recorded. */
export const PAYMENT_CRASH_AFTER_CHARGE = 'payment-after-charge';

/**
 * Charges the card for an open payment. The processor's id is stored before the card can be
 * charged; the outcome and, when the processor's answer may be trusted, the credits commit
 * together. With 3-D Secure the answer carries the address of the processor's page.
 */
export async function chargePayment(
  platform: Platform,
  options: {
    payment: PaymentRow;
    workspace: typeof workspaces.$inferSelect;
    userName: string;
    card: CardInput | undefined;
    paymentMethodId?: string | undefined;
  },
): Promise<PaymentState> {
  const { payment, workspace } = options;
  const processor = requireCardProcessor(platform);
  const { db } = platform.database;
  const result = await processor.charge({
    amount: payment.purchaseTotal,
    currency: payment.currency,
    ...(options.card
      ? { card: { ...options.card, number: options.card.number.replace(/\s/g, '') } }
      : {}),
    ...(options.paymentMethodId ? { paymentMethodId: options.paymentMethodId } : {}),
    paymentId: payment.id,
    description: `${payment.credits} credits for ${workspace.title}`,
    returnUrl: `${platform.config.publicUrl}/dashboard/account/workspace/verify/${workspace.id}?payment=${payment.id}`,
    idempotencyKey: payment.id,
    async onProviderId(providerPaymentId) {
      await setProviderPaymentId(db, payment.id, providerPaymentId);
    },
  });
  if (platform.config.crashAt === PAYMENT_CRASH_AFTER_CHARGE) process.exit(70);
  if (result.status !== 'failed' && result.card) {
    await db.update(workspaces).set({ card: result.card }).where(eq(workspaces.id, workspace.id));
  }
  const settled = await settle(platform, payment.id, {
    outcome:
      result.status === 'failed'
        ? chargeFailure(result.code, result.message)
        : { status: result.status },
    providerPaymentId: result.providerPaymentId,
    userName: options.userName,
    mayGrant: !processor.grantsOnWebhook,
  });
  return stateOf(settled.payment, {
    ...(settled.balance === undefined ? {} : { balance: settled.balance }),
    ...(result.status === 'requires_action' && settled.payment.status === 'requires_action'
      ? { redirectUrl: result.redirectUrl }
      : {}),
  });
}

import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { testProcessorCharges } from '../../db/schema';
import {
  type ChargeStatus,
  cardBrand,
  chargeFailure,
  isLuhnValid,
  type PaymentProvider,
} from './payments';

/**
 * Test card numbers of the built-in processor. Any other number that passes the Luhn check
 * is refused as 'not a test card', like a processor in test mode.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  requires3ds: '4000000000003220',
  declined: '4000000000000002',
  notChargeable: '4000000000009995',
} as const;

/**
 * The built-in card processor, the default when no Stripe key is set. It keeps its charges in
 * the database and runs its own 3-D Secure page at `/api/v1/test-processor/3ds/:id`, so the
 * whole flow — redirect, approve or fail, return — works without any outside service.
 */
export function createTestProcessor(options: {
  database: Database;
  publicUrl: string;
}): PaymentProvider {
  const { db } = options.database;
  const retrieve = async (providerPaymentId: string): Promise<ChargeStatus> => {
    const [charge] = await db
      .select({ status: testProcessorCharges.status })
      .from(testProcessorCharges)
      .where(eq(testProcessorCharges.id, providerPaymentId));
    if (!charge) return { status: 'not_charged' };
    return charge.status === 'failed'
      ? chargeFailure('three_d_secure_failed')
      : { status: charge.status };
  };
  return {
    kind: 'test',
    grantsOnWebhook: false,
    async charge(request) {
      if (!request.card) {
        return { ...chargeFailure('card_details_missing'), providerPaymentId: null };
      }
      const number = request.card.number.replace(/\s/g, '');
      const now = new Date();
      if (!isLuhnValid(number))
        return { ...chargeFailure('card_number_incorrect'), providerPaymentId: null };
      const expiry = new Date(Date.UTC(request.card.expYear, request.card.expMonth, 1));
      if (expiry <= now) return { ...chargeFailure('card_expired'), providerPaymentId: null };
      const card = {
        brand: cardBrand(number),
        last4: number.slice(-4),
        expMonth: request.card.expMonth,
        expYear: request.card.expYear,
      };
      const id = `tch_${randomBytes(12).toString('hex')}`;
      await request.onProviderId(id);
      const outcome =
        number === TEST_CARDS.success
          ? ({ status: 'succeeded' } as const)
          : number === TEST_CARDS.requires3ds
            ? ({ status: 'requires_action' } as const)
            : number === TEST_CARDS.declined
              ? chargeFailure('card_declined')
              : number === TEST_CARDS.notChargeable
                ? chargeFailure('card_not_chargeable')
                : chargeFailure('not_test_card');
      await db.insert(testProcessorCharges).values({
        id,
        paymentId: request.paymentId,
        amount: request.amount,
        currency: request.currency,
        status: outcome.status,
        returnUrl: request.returnUrl,
        cardLast4: card.last4,
      });
      if (outcome.status === 'failed') return { ...outcome, providerPaymentId: id };
      if (outcome.status === 'requires_action') {
        return {
          status: 'requires_action',
          providerPaymentId: id,
          card,
          redirectUrl: `${options.publicUrl}/api/v1/test-processor/3ds/${id}`,
        };
      }
      return { status: 'succeeded', providerPaymentId: id, card };
    },
    retrieve,
    async cancel(providerPaymentId) {
      await db
        .update(testProcessorCharges)
        .set({ status: 'failed' })
        .where(
          and(
            eq(testProcessorCharges.id, providerPaymentId),
            eq(testProcessorCharges.status, 'requires_action'),
          ),
        );
      const outcome = await retrieve(providerPaymentId);
      return outcome.status === 'succeeded' ? outcome : chargeFailure('payment_not_completed');
    },
  };
}

import { z } from 'zod';
import { currencies, paymentFailureCodes } from '../billing';

/* Answers of the card payment routes: a payment's state, the processor's webhook, the test bank. */

/** The card processors: Pactum's own test processor, and Stripe. */
export const paymentProviders = ['test', 'stripe'] as const;
export type PaymentProviderKind = (typeof paymentProviders)[number];

/** Where a card payment for credits stands. */
export const paymentStatuses = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Where a charge at the test processor (the test bank) stands. */
export const testChargeStatuses = ['requires_action', 'succeeded', 'failed'] as const;

/**
 * A card payment for credits as the server reports it (POST /api/v1/workspaces/:id/credits,
 * POST /api/v1/payments/:paymentId/confirm, and in a workspace order's answer).
 */
export const paymentStateSchema = z.object({
  paymentId: z.uuid(),
  status: z.enum(paymentStatuses),
  credits: z.number().int(),
  /** Minor units, tax included. */
  purchaseTotal: z.number().int(),
  currency: z.enum(currencies),
  /** The bank's 3-D Secure page, for `requires_action`. */
  redirectUrl: z.string().optional(),
  /** Why it failed, as an API error code: what the web shows, in the user's language. */
  failureCode: z.enum(paymentFailureCodes).optional(),
  /** The processor's own (English) words for a failure, for programs and logs. */
  message: z.string().optional(),
  /** The workspace's balance after a successful purchase. */
  balance: z.number().int().optional(),
});

/** POST /api/v1/payments/webhooks/:processor: the event was taken (`duplicate`: already applied before). */
export const paymentWebhookAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});

/** GET /api/v1/test-processor/3ds/:id: the test bank's 3-D Secure page. */
export const testBankPage = {
  description: 'The test bank’s 3-D Secure page',
  content: { 'text/html': { schema: z.string() } },
};

/** POST /api/v1/test-processor/3ds/:id/complete|fail: back to Pactum's return address. */
export const testBankReturn = z.null().describe('Redirect to the payment’s return address');

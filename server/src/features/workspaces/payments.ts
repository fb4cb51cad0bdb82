import { type CardInput, priceCredits } from '@pactum/core/billing';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentEvents, payments, workspaces } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { PaymentProvider, PaymentWebhookEvent } from '../../platform/payments/payments';
import type { Platform } from '../../platform/platform';
import { requireMember } from './access';
import { applyCreditChange } from './ledger';

export type PaymentState = {
  paymentId: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  credits: number;
  purchaseTotal: number;
  currency: 'EUR' | 'SEK' | 'USD';
  /** Where to send the browser for 3-D Secure. */
  redirectUrl?: string;
  /** The processor's reason for a failure. */
  message?: string;
  /** The workspace's balance after a successful purchase. */
  balance?: number;
};

type PaymentRow = typeof payments.$inferSelect;

const stateOf = (payment: PaymentRow, extra: Partial<PaymentState> = {}): PaymentState => ({
  paymentId: payment.id,
  status: payment.status,
  credits: payment.credits,
  purchaseTotal: payment.purchaseTotal,
  currency: payment.currency,
  ...(payment.errorMessage ? { message: payment.errorMessage } : {}),
  ...extra,
});

/**
 * The configured card processor, or 503: production without Stripe takes no card payments
 * (the built-in test processor would hand out credits for free).
 */
export function requireCardProcessor(platform: Platform): PaymentProvider {
  if (!platform.payments) throw new AppError('unavailable', 'Card payments are not configured.');
  return platform.payments;
}

/** Grants a succeeded payment's credits in the caller's transaction: once, however often called. */
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
 * Grants a succeeded payment when the processor's answer may be trusted for it; a processor that
 * grants on webhooks (Stripe) leaves it to the signed webhook event.
 */
async function grantIfTrusted(
  platform: Platform,
  payment: PaymentRow,
  userName: string | null,
): Promise<number | undefined> {
  if (requireCardProcessor(platform).grantsOnWebhook) return undefined;
  return platform.database.db.transaction((tx) => grantPaymentIn(tx, platform, payment, userName));
}

/**
 * Charges a card for credits at the server's price (Finnish buyers +24 % VAT). The same
 * idempotency key never charges twice. With 3-D Secure the answer carries the address of the
 * processor's page; the credits come when `confirmPayment` sees the charge succeed.
 */
export async function chargeCredits(
  platform: Platform,
  options: {
    workspace: typeof workspaces.$inferSelect;
    user: { id: string; name: string };
    credits: number;
    card: CardInput | undefined;
    paymentMethodId?: string | undefined;
    idempotencyKey: string;
  },
): Promise<PaymentState> {
  const { workspace } = options;
  const processor = requireCardProcessor(platform);
  const price = priceCredits(options.credits, workspace.currency, workspace.address.country ?? '');
  const [created] = await platform.database.db
    .insert(payments)
    .values({
      workspaceId: workspace.id,
      provider: processor.kind,
      idempotencyKey: `${workspace.id}:${options.idempotencyKey}`,
      credits: price.credits,
      currency: price.currency,
      unitPrice: price.unitPrice,
      taxPrc: price.taxPrc,
      taxAmount: price.taxAmount,
      purchaseTotal: price.purchaseTotal,
      createdBy: options.user.id,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (!created) {
    // A repeat of a purchase already under way or done: report it, charge nothing.
    const [existing] = await platform.database.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, `${workspace.id}:${options.idempotencyKey}`));
    if (!existing) throw new AppError('conflict');
    return stateOf(existing);
  }
  const result = await processor.charge({
    amount: price.purchaseTotal,
    currency: price.currency,
    ...(options.card
      ? { card: { ...options.card, number: options.card.number.replace(/\s/g, '') } }
      : {}),
    ...(options.paymentMethodId ? { paymentMethodId: options.paymentMethodId } : {}),
    paymentId: created.id,
    description: `${price.credits} credits for ${workspace.title}`,
    returnUrl: `${platform.config.publicUrl}/dashboard/account/workspace/verify/${workspace.id}?payment=${created.id}`,
    idempotencyKey: created.id,
  });
  const [payment] = await platform.database.db
    .update(payments)
    .set({
      status: result.status,
      providerPaymentId: result.providerPaymentId,
      errorMessage: result.status === 'failed' ? result.message : null,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, created.id))
    .returning();
  if (!payment) throw new AppError('conflict');
  if (result.status !== 'failed' && result.card) {
    await platform.database.db
      .update(workspaces)
      .set({ card: result.card })
      .where(eq(workspaces.id, workspace.id));
  }
  if (result.status === 'failed') return stateOf(payment);
  if (result.status === 'requires_action')
    return stateOf(payment, { redirectUrl: result.redirectUrl });
  const balance = await grantIfTrusted(platform, payment, options.user.name);
  return stateOf(payment, balance === undefined ? {} : { balance });
}

/** After 3-D Secure: asks the processor how the charge ended and grants the credits once. */
export async function confirmPayment(
  platform: Platform,
  options: { userId: string; userName: string; paymentId: string },
): Promise<PaymentState> {
  const [payment] = await platform.database.db
    .select()
    .from(payments)
    .where(eq(payments.id, options.paymentId));
  if (!payment) throw new AppError('not_found');
  await requireMember(platform.database.db, {
    workspaceId: payment.workspaceId,
    userId: options.userId,
  });
  const processor = requireCardProcessor(platform);
  if (payment.status === 'succeeded') {
    const balance = await grantIfTrusted(platform, payment, options.userName);
    return stateOf(payment, balance === undefined ? {} : { balance });
  }
  if (payment.status !== 'requires_action' || !payment.providerPaymentId) return stateOf(payment);
  const outcome = await processor.retrieve(payment.providerPaymentId);
  if (outcome.status === 'requires_action') return stateOf(payment);
  const [updated] = await platform.database.db
    .update(payments)
    .set({ status: outcome.status, errorMessage: outcome.message ?? null, updatedAt: new Date() })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!updated) throw new AppError('conflict');
  if (updated.status !== 'succeeded') return stateOf(updated);
  const balance = await grantIfTrusted(platform, updated, options.userName);
  return stateOf(updated, balance === undefined ? {} : { balance });
}

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
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider: processor.kind, eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) return { isDuplicate: true };
    if (!event.providerPaymentId || !event.outcome) return { isDuplicate: false };
    const [payment] = await tx
      .update(payments)
      .set({ status: event.outcome, errorMessage: event.message ?? null, updatedAt: new Date() })
      .where(
        and(
          eq(payments.provider, processor.kind),
          eq(payments.providerPaymentId, event.providerPaymentId),
        ),
      )
      .returning();
    if (payment?.status === 'succeeded') await grantPaymentIn(tx, platform, payment, null);
    return { isDuplicate: false };
  });
}

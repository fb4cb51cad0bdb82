import { type CardInput, priceCredits } from '@pactum/core/billing';
import { eq } from 'drizzle-orm';
import { payments, workspaces } from '../../db/schema';
import { AppError } from '../../http/app-error';
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

/** Grants a succeeded payment's credits: once, whoever calls it and however often. */
async function grantPayment(platform: Platform, payment: PaymentRow, userName: string | null) {
  return platform.database.db.transaction(async (tx) => {
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
  });
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
    card: CardInput;
    idempotencyKey: string;
  },
): Promise<PaymentState> {
  const { workspace } = options;
  const price = priceCredits(options.credits, workspace.currency, workspace.address.country ?? '');
  const [created] = await platform.database.db
    .insert(payments)
    .values({
      workspaceId: workspace.id,
      provider: platform.payments.kind,
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
  const result = await platform.payments.charge({
    amount: price.purchaseTotal,
    currency: price.currency,
    card: { ...options.card, number: options.card.number.replace(/\s/g, '') },
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
  if (result.status !== 'failed') {
    await platform.database.db
      .update(workspaces)
      .set({ card: result.card })
      .where(eq(workspaces.id, workspace.id));
  }
  if (result.status === 'failed') return stateOf(payment);
  if (result.status === 'requires_action')
    return stateOf(payment, { redirectUrl: result.redirectUrl });
  return stateOf(payment, { balance: await grantPayment(platform, payment, options.user.name) });
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
  if (payment.status === 'succeeded') {
    return stateOf(payment, { balance: await grantPayment(platform, payment, options.userName) });
  }
  if (payment.status !== 'requires_action' || !payment.providerPaymentId) return stateOf(payment);
  const outcome = await platform.payments.retrieve(payment.providerPaymentId);
  if (outcome.status === 'requires_action') return stateOf(payment);
  const [updated] = await platform.database.db
    .update(payments)
    .set({ status: outcome.status, errorMessage: outcome.message ?? null, updatedAt: new Date() })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!updated) throw new AppError('conflict');
  if (updated.status !== 'succeeded') return stateOf(updated);
  return stateOf(updated, { balance: await grantPayment(platform, updated, options.userName) });
}

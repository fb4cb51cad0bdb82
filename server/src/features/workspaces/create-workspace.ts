import {
  annualTotal,
  type CreateWorkspace,
  DEFAULT_MAX_SEATS,
  MIN_ANNUAL_TOTAL,
  priceCredits,
  seatPrice,
} from '@pactum/core/billing';
import { workspaceMembers } from '../../db/schema';
import { refreshHomeCounts } from '../../documents/counters';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import type { Caller } from './caller';
import { requireCardProcessor } from './payments/card-processor';
import { chargePayment } from './payments/charge-payment';
import { openPayment } from './payments/open-payment';
import type { PaymentState } from './payments/payment-state';
import { findPayment } from './payments/queries';
import { repeatPayment } from './payments/repeat-payment';
import { insertWorkspace } from './queries';

/**
 * Orders a workspace. A card workspace is verified at once and its first credits are charged
 * (a failed charge leaves the workspace, to buy again from its page). An invoice workspace waits
 * for an administrator's review; its credits come when it is verified.
 */
export async function createWorkspace(
  platform: Platform,
  options: { user: Caller; input: CreateWorkspace & { credits: number } },
): Promise<{ workspaceId: string; payment: PaymentState | null }> {
  const { input, user } = options;
  // Refused before the workspace exists: it could not be paid for.
  if (input.type === 'card') requireCardProcessor(platform);
  const seats = input.type === 'invoice' ? (input.licences ?? 1) : 1;
  if (input.type === 'invoice' && annualTotal(seats) <= MIN_ANNUAL_TOTAL) {
    throw new AppError('annual_total_too_low');
  }
  const invoiceOrder =
    input.type === 'invoice'
      ? (() => {
          const price = priceCredits(input.credits, input.currency ?? 'EUR', input.address.country);
          return {
            credits: price.credits,
            currency: price.currency,
            unitPrice: price.unitPrice,
            taxPrc: price.taxPrc,
            taxAmount: price.taxAmount,
            purchaseTotal: price.purchaseTotal,
          };
        })()
      : null;
  // A card order sent again with its key (a lost answer, a reload) is the same order: it makes
  // no second workspace and no second charge.
  const orderKey = input.type === 'card' ? `order:${user.id}:${input.idempotencyKey}` : undefined;
  const repeated = async (key: string) => {
    const payment = await findPayment(platform.database.db, key);
    if (!payment) throw new AppError('conflict');
    return {
      workspaceId: payment.workspaceId,
      payment: await repeatPayment(platform, payment, user.name),
    };
  };
  if (orderKey && (await findPayment(platform.database.db, orderKey))) return repeated(orderKey);
  const opened = await platform.database.db
    .transaction(async (tx) => {
      const created = await insertWorkspace(tx, {
        title: input.title,
        type: input.type,
        currency: input.currency ?? 'EUR',
        isVerified: input.type === 'card',
        ...(input.type === 'card' ? { verifiedAt: new Date() } : {}),
        billingEmail: input.billingEmail,
        contact: input.contact,
        company: input.company,
        address: input.address,
        einvoice: input.type === 'invoice' ? (input.einvoice ?? {}) : {},
        licensing: {
          enabled: true,
          pricePerSeat: seatPrice(seats),
          maxActiveSeats: input.type === 'invoice' ? seats : DEFAULT_MAX_SEATS,
          billingCurrency: input.currency ?? 'EUR',
        },
        asyncPayment: invoiceOrder,
        createdBy: user.id,
      });
      if (!created) throw new AppError('conflict');
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: created.id, userId: user.id, role: 'edit' });
      await refreshHomeCounts(platform, tx, user.id);
      if (!orderKey) return { workspace: created, payment: undefined };
      const payment = await openPayment(tx, platform, {
        workspace: created,
        userId: user.id,
        credits: input.credits,
        idempotencyKey: orderKey,
      });
      // The same order raced this one and won: this workspace is rolled back.
      if (!payment) throw new RepeatedOrder();
      return { workspace: created, payment };
    })
    .catch((error: unknown) => {
      if (error instanceof RepeatedOrder) return undefined;
      throw error;
    });
  if (!opened) return repeated(orderKey ?? '');
  const { workspace, payment } = opened;
  if (input.type !== 'card' || !payment) return { workspaceId: workspace.id, payment: null };
  return {
    workspaceId: workspace.id,
    payment: await chargePayment(platform, {
      payment,
      workspace,
      userName: user.name,
      card: input.card,
      paymentMethodId: input.paymentMethodId,
    }),
  };
}

/** Rolls back a workspace order whose idempotency key another request took meanwhile. */
class RepeatedOrder extends Error {}

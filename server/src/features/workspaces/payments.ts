import type { PaymentStatus } from '@pactum/core/api/payments';
import {
  type CardInput,
  type Currency,
  type PaymentFailureCode,
  paymentFailureCodes,
  priceCredits,
} from '@pactum/core/billing';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentEvents, payments, workspaces } from '../../db/schema';
import { requireMember } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import {
  type ChargeStatus,
  chargeFailure,
  type PaymentProvider,
  type PaymentWebhookEvent,
} from '../../platform/payments/payments';
import type { Platform } from '../../platform/platform';
import { applyCreditChange } from './ledger';

export type PaymentState = {
  paymentId: string;
  status: PaymentStatus;
  credits: number;
  purchaseTotal: number;
  currency: Currency;
  /** Where to send the browser for 3-D Secure. */
  redirectUrl?: string;
  /** Why it failed, as an API error code: what the web shows, in the user's language. */
  failureCode?: PaymentFailureCode;
  /** The processor's own (English) words for a failure, for programs and logs. */
  message?: string;
  /** The workspace's balance after a successful purchase. */
  balance?: number;
};

type PaymentRow = typeof payments.$inferSelect;

/** Where a crash test (PACTUM_CRASH_AT, never in production) ends the process: charged, not yet recorded. */
export const PAYMENT_CRASH_AFTER_CHARGE = 'payment-after-charge';

/** A 3-D Secure the customer never finished is cancelled after a day. */
const ABANDON_OPEN_AFTER_MS = 24 * 60 * 60 * 1000;
/** Payments the sweep reconciles per run, oldest first. */
const SWEEP_BATCH = 100;

const stateOf = (payment: PaymentRow, extra: Partial<PaymentState> = {}): PaymentState => ({
  paymentId: payment.id,
  status: payment.status,
  credits: payment.credits,
  purchaseTotal: payment.purchaseTotal,
  currency: payment.currency,
  ...(payment.status === 'failed' ? { failureCode: failureCodeOf(payment) } : {}),
  ...(payment.errorMessage ? { message: payment.errorMessage } : {}),
  ...extra,
});

/** The columns of a failure: its code and the words that came with it. */
const failureColumns = (failure: { code: PaymentFailureCode; message: string }) => ({
  errorCode: failure.code,
  errorMessage: failure.message,
});

/** Why a failed payment failed (payments that failed before codes were kept: no reason). */
function failureCodeOf(payment: PaymentRow): PaymentFailureCode {
  const code = payment.errorCode as PaymentFailureCode | null;
  return code && paymentFailureCodes.includes(code) ? code : 'payment_failed';
}

/** Nothing more will happen to it: failed, or succeeded with its credits in the ledger. */
const isSettled = (payment: PaymentRow) =>
  payment.status === 'failed' || (payment.status === 'succeeded' && payment.creditedAt !== null);

/**
 * The configured card processor, or 503: production without Stripe takes no card payments
 * (the built-in test processor would hand out credits for free).
 */
export function requireCardProcessor(platform: Platform): PaymentProvider {
  if (!platform.payments) throw new AppError('payments_not_configured');
  return platform.payments;
}

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

function settle(platform: Platform, paymentId: string, options: Settlement) {
  return platform.database.db.transaction((tx) => settleIn(tx, platform, paymentId, options));
}

async function settleIn(
  tx: Tx,
  platform: Platform,
  paymentId: string,
  options: Settlement,
): Promise<{ payment: PaymentRow; balance?: number }> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!payment) throw new AppError('not_found');
  const { outcome } = options;
  const status =
    payment.status === 'succeeded' || outcome.status === 'succeeded'
      ? 'succeeded'
      : payment.status === 'failed' || outcome.status === 'not_charged'
        ? payment.status
        : outcome.status;
  const isGranted = status === 'succeeded' && !payment.creditedAt && options.mayGrant;
  const [updated] = await tx
    .update(payments)
    .set({
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
    })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!updated) throw new AppError('conflict');
  if (!isGranted) return { payment: updated };
  return {
    payment: updated,
    balance: await grantPaymentIn(tx, platform, updated, options.userName),
  };
}

/**
 * Asks the processor how an unsettled payment stands and settles it. With `mayAbandon` (the
 * reconciliation, once the request that made the payment is long over) a payment that was
 * never charged, or whose 3-D Secure was left open for a day, is cancelled and fails; a
 * processor that grants on webhooks is then trusted by what it answers here, server to server.
 */
async function reconcile(
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

const reconcileJobs = new WeakMap<Platform, JobDefinition<{ paymentId: string }>>();
const sweepJobs = new WeakMap<Platform, JobDefinition<Record<string, never>>>();

/** Payments not settled, older than the reconciliation delay: what the processor must be asked. */
async function unsettledPayments(platform: Platform, limit: number) {
  const before = new Date(Date.now() - platform.config.paymentReconcileAfterSeconds * 1000);
  return platform.database.db
    .select()
    .from(payments)
    .where(
      and(
        lt(payments.createdAt, before),
        or(
          inArray(payments.status, ['pending', 'requires_action']),
          and(eq(payments.status, 'succeeded'), isNull(payments.creditedAt)),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/**
 * The reconciliation of one payment, enqueued with the payment itself and run once the request
 * that charged it is long over: a payment whose answer a crash lost (pending), whose grant a
 * crash cut (succeeded, not credited) or whose webhook never came is finished from what the
 * processor says, exactly once.
 */
export function reconcilePaymentJob(platform: Platform): JobDefinition<{ paymentId: string }> {
  const known = reconcileJobs.get(platform);
  if (known) return known;
  const definition = defineJob<{ paymentId: string }>({
    name: 'payment.reconcile',
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    async handle({ paymentId }) {
      const [payment] = await platform.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId));
      if (!payment || isSettled(payment)) return;
      await reconcile(platform, payment, { userName: null, mayAbandon: true });
    },
  });
  reconcileJobs.set(platform, definition);
  return definition;
}

/**
 * Every ten minutes: reconciles what a single job could not (a 3-D Secure left open, a
 * processor that was unreachable through all retries, payments from before the job existed).
 */
export function sweepPaymentsJob(platform: Platform): JobDefinition<Record<string, never>> {
  const known = sweepJobs.get(platform);
  if (known) return known;
  const definition = defineJob<Record<string, never>>({
    name: 'payment.sweep',
    retryLimit: 0,
    expireInSeconds: 300,
    async handle() {
      for (const payment of await unsettledPayments(platform, SWEEP_BATCH)) {
        // One processor failure must not hold up the others; the next sweep tries it again.
        await reconcile(platform, payment, { userName: null, mayAbandon: true }).catch(() => {});
      }
    },
  });
  sweepJobs.set(platform, definition);
  return definition;
}

export const PAYMENT_SWEEP_CRON = '*/10 * * * *';

/** Registers the payment jobs; call before the platform starts. */
export function registerPaymentJobs(platform: Platform): void {
  platform.jobs.register(reconcilePaymentJob(platform));
  platform.jobs.register(sweepPaymentsJob(platform));
}

/** Schedules the sweep (after the platform started); the same schedule is replaced, not added. */
export async function schedulePaymentSweep(platform: Platform): Promise<void> {
  await platform.jobs.schedule(sweepPaymentsJob(platform), PAYMENT_SWEEP_CRON, {});
}

/**
 * Opens a payment for a purchase in the caller's transaction, with its reconciliation job, at
 * the server's price (Finnish buyers +24 % VAT). Undefined when the idempotency key was used
 * already: that purchase is under way or done.
 */
export async function openPayment(
  tx: Tx,
  platform: Platform,
  options: {
    workspace: typeof workspaces.$inferSelect;
    userId: string;
    credits: number;
    /** Unique per purchase across workspaces: the caller scopes the browser's key. */
    idempotencyKey: string;
  },
): Promise<PaymentRow | undefined> {
  const processor = requireCardProcessor(platform);
  const { workspace } = options;
  const price = priceCredits(options.credits, workspace.currency, workspace.address.country ?? '');
  const [created] = await tx
    .insert(payments)
    .values({
      workspaceId: workspace.id,
      provider: processor.kind,
      idempotencyKey: options.idempotencyKey,
      credits: price.credits,
      currency: price.currency,
      unitPrice: price.unitPrice,
      taxPrc: price.taxPrc,
      taxAmount: price.taxAmount,
      purchaseTotal: price.purchaseTotal,
      createdBy: options.userId,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (!created) return undefined;
  await platform.jobs.enqueue(
    tx,
    reconcilePaymentJob(platform),
    { paymentId: created.id },
    {
      startAfter: new Date(
        created.createdAt.getTime() + platform.config.paymentReconcileAfterSeconds * 1000,
      ),
    },
  );
  return created;
}

/** The payment an idempotency key opened, if any. */
export async function findPayment(
  platform: Platform,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await platform.database.db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, idempotencyKey));
  return payment;
}

/**
 * A purchase sent again with its key (a lost answer, a reload): never a second charge. The
 * payment is finished from what the processor says if it can be; a charge still under way
 * answers with its state as it is.
 */
export async function repeatPayment(
  platform: Platform,
  payment: PaymentRow,
  userName: string,
): Promise<PaymentState> {
  const result = await reconcile(platform, payment, { userName, mayAbandon: false });
  let balance = result.balance;
  if (balance === undefined && result.payment.creditedAt) {
    const [workspace] = await platform.database.db
      .select({ credits: workspaces.credits })
      .from(workspaces)
      .where(eq(workspaces.id, result.payment.workspaceId));
    balance = workspace?.credits;
  }
  return stateOf(result.payment, balance === undefined ? {} : { balance });
}

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
      await db
        .update(payments)
        .set({ providerPaymentId, updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), isNull(payments.providerPaymentId)));
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
  return repeatPayment(platform, payment, options.userName);
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
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.provider, processor.kind),
          eq(payments.providerPaymentId, event.providerPaymentId),
        ),
      );
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

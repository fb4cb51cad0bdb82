import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { paymentEvents, payments, workspaces } from '../../../db/schema';
import type { PaymentRow } from './payment-state';

/* The SQL of card payments and the processor's events. */

/** The payment an idempotency key opened, if any. */
export async function findPayment(
  db: DbOrTx,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, idempotencyKey));
  return payment;
}

export async function findPaymentById(
  db: DbOrTx,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return payment;
}

/** The payment, locked until the transaction ends. */
export async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  return payment;
}

export async function updatePayment(
  tx: Tx,
  paymentId: string,
  changes: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRow | undefined> {
  const [updated] = await tx
    .update(payments)
    .set(changes)
    .where(eq(payments.id, paymentId))
    .returning();
  return updated;
}

/** A new payment; undefined when its idempotency key was used already. */
export async function insertPayment(
  tx: Tx,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow | undefined> {
  const [created] = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  return created;
}

/** Stores the processor's id of a payment, unless it has one already. */
export async function setProviderPaymentId(
  db: DbOrTx,
  paymentId: string,
  providerPaymentId: string,
) {
  await db
    .update(payments)
    .set({ providerPaymentId, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), isNull(payments.providerPaymentId)));
}

/** Payments not settled, created before `before`, oldest first. */
export async function selectUnsettledPayments(db: DbOrTx, before: Date, limit: number) {
  return db
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

/** The workspace's balance, if it exists. */
export async function readBalance(db: DbOrTx, workspaceId: string) {
  const [workspace] = await db
    .select({ credits: workspaces.credits })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return workspace?.credits;
}

/** Records a processor's event; false when it was recorded already. */
export async function recordPaymentEvent(
  tx: Tx,
  event: { provider: string; eventId: string; type: string },
): Promise<boolean> {
  const [recorded] = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return recorded !== undefined;
}

/** The id of the payment the processor knows by its own id. */
export async function findPaymentByProviderId(
  tx: Tx,
  provider: PaymentRow['provider'],
  providerPaymentId: string,
) {
  const [payment] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return payment;
}

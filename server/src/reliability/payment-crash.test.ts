import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  creditTransactions,
  payments,
  testProcessorCharges,
  workspaceMembers,
  workspaces,
} from '../db/schema';
import { PAYMENT_CRASH_AFTER_CHARGE } from '../features/workspaces/payments/charge-payment';
import { createPlatform } from '../platform/platform';
import { openConfiguredDatabase } from '../start';
import { eventually } from '../test/app';
import { crashTestPlace } from '../test/crash-place';
import { createUser, type TestUser } from '../test/factories';
import { type ServerProcess, startServerProcess } from '../test/processes';
import {
  RECORDED_STRIPE_KEY,
  type RecordedStripe,
  startRecordedStripe,
} from '../test/recorded-stripe';
import { cardWorkspaceOrder } from '../test/workspace-order';

/** Seconds before the reconciliation looks at an unsettled payment (two minutes in production). */
const RECONCILE_AFTER = '2';

const testCardPlace = crashTestPlace('payment-crash');
const stripePlace = crashTestPlace('stripe-crash');
let stripe: RecordedStripe | undefined;
afterAll(async () => {
  await stripe?.close();
});

/** The buyer, made before any server runs (the embedded database allows one process at a time). */
async function buyerIn(env: Record<string, string>): Promise<TestUser> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = await openConfiguredDatabase(config);
  try {
    return await createUser(await createPlatform(config, database));
  } finally {
    await database.close();
  }
}

/** Orders a card workspace; the process may die before it answers. */
async function order(server: ServerProcess, buyer: TestUser, body: object) {
  try {
    const response = await fetch(`${server.url}/api/v1/workspaces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: buyer.cookie },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** The buyer's workspaces with their balances, as the API lists them. */
async function workspacesOf(server: ServerProcess, buyer: TestUser) {
  const response = await fetch(`${server.url}/api/v1/workspaces`, {
    headers: { cookie: buyer.cookie },
  });
  return (await response.json()) as { id: string; credits: number }[];
}

/** What the database holds about the buyer's purchase, read after the servers stopped. */
async function storedPurchase(env: Record<string, string>, userId: string) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const database = await openConfiguredDatabase(config);
  try {
    const { db } = database;
    const owned = await db
      .select({ id: workspaces.id, credits: workspaces.credits })
      .from(workspaces)
      .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
      .where(eq(workspaceMembers.userId, userId));
    const paid = await db.select().from(payments).where(eq(payments.createdBy, userId));
    const ledger = await db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId));
    const charges = await db
      .select()
      .from(testProcessorCharges)
      .where(eq(testProcessorCharges.paymentId, paid[0]?.id ?? randomUUID()));
    return { owned, paid, ledger, charges };
  } finally {
    await database.close();
  }
}

describe('a card purchase cut by a crash right after the charge', () => {
  it('is finished by the reconciliation: one charge, its credits once, and a retry charges nothing', async () => {
    const { servers, env: placeEnv } = testCardPlace;
    const env = { ...(await placeEnv()), PAYMENT_RECONCILE_AFTER_SECONDS: RECONCILE_AFTER };
    const buyer = await buyerIn(env);
    const body = cardWorkspaceOrder({ credits: 5, idempotencyKey: randomUUID() });

    const first = await startServerProcess({ ...env, PACTUM_CRASH_AT: PAYMENT_CRASH_AFTER_CHARGE });
    servers.push(first);
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    // The card is charged, then the process dies before the payment's state is written.
    expect(await order(first, buyer, body)).toBeUndefined();
    expect(await exited).toBe(70);

    const second = await startServerProcess(env);
    servers.push(second);
    // Nobody retries: the reconciliation asks the processor and grants the credits.
    const [paid] = await eventually(async () => {
      const list = await workspacesOf(second, buyer);
      return list.length === 1 && list[0]?.credits === 5 ? list : undefined;
    }, 60_000);
    // The buyer sends the same order again (its answer was lost): the same workspace, paid.
    const again = await order(second, buyer, body);
    expect(again?.body).toMatchObject({
      workspaceId: paid?.id,
      payment: { status: 'succeeded', credits: 5, balance: 5 },
    });
    expect(await workspacesOf(second, buyer)).toHaveLength(1);
    await second.stop('SIGTERM');

    const stored = await storedPurchase(env, buyer.id);
    expect(stored.owned).toEqual([{ id: paid?.id, credits: 5 }]);
    expect(stored.paid).toHaveLength(1);
    expect(stored.paid[0]).toMatchObject({ status: 'succeeded' });
    expect(stored.paid[0]?.creditedAt).toBeInstanceOf(Date);
    expect(stored.charges).toHaveLength(1);
    expect(stored.ledger.map((row) => [row.product, row.purchase])).toEqual([['credits', 5]]);
  });

  it('with Stripe: the intent id was stored before the charge, so the reconciliation finds and grants it once', async () => {
    stripe = await startRecordedStripe();
    const { servers, env: placeEnv } = stripePlace;
    const env = {
      ...(await placeEnv()),
      PAYMENT_RECONCILE_AFTER_SECONDS: RECONCILE_AFTER,
      STRIPE_SECRET_KEY: RECORDED_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
      STRIPE_API_URL: stripe.url,
    };
    const buyer = await buyerIn(env);
    const body = cardWorkspaceOrder({
      credits: 5,
      card: undefined,
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: randomUUID(),
    });

    const first = await startServerProcess({ ...env, PACTUM_CRASH_AT: PAYMENT_CRASH_AFTER_CHARGE });
    servers.push(first);
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    expect(await order(first, buyer, body)).toBeUndefined();
    expect(await exited).toBe(70);
    expect([...stripe.charges.values()]).toEqual([1]);

    // No webhook ever comes: the reconciliation asks Stripe, server to server.
    const second = await startServerProcess(env);
    servers.push(second);
    await eventually(async () => {
      const list = await workspacesOf(second, buyer);
      return list.length === 1 && list[0]?.credits === 5 ? list : undefined;
    }, 60_000);
    const again = await order(second, buyer, body);
    expect(again?.body).toMatchObject({ payment: { status: 'succeeded', balance: 5 } });
    await second.stop('SIGTERM');

    expect([...stripe.charges.values()]).toEqual([1]);
    const stored = await storedPurchase(env, buyer.id);
    expect(stored.owned).toHaveLength(1);
    expect(stored.paid).toHaveLength(1);
    expect(stored.paid[0]?.providerPaymentId).toBe([...stripe.intents.keys()][0]);
    expect(stored.ledger.map((row) => [row.product, row.purchase])).toEqual([['credits', 5]]);
  });
});

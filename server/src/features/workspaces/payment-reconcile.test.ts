import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditTransactions,
  payments,
  testProcessorCharges,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { TEST_CARDS } from '../../platform/payments/test-processor';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { cardWorkspaceOrder, testCard } from '../../test/workspace-order';
import { openPayment } from './payments/open-payment';
import { reconcilePaymentJob, sweepPaymentsJob } from './payments/payment-jobs';

let t: TestApp;
let buyer: TestUser;
let stranger: TestUser;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  [buyer, stranger] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
});
afterAll(() => t?.close());

function call(url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, cookie },
    ...(payload ? { payload } : {}),
  });
}

async function paymentsOf(workspaceId: string) {
  return t.database.db.select().from(payments).where(eq(payments.workspaceId, workspaceId));
}

async function chargesOf(paymentId: string) {
  return t.database.db
    .select()
    .from(testProcessorCharges)
    .where(eq(testProcessorCharges.paymentId, paymentId));
}

async function creditsOf(workspaceId: string) {
  const [row] = await t.database.db
    .select({ credits: workspaces.credits })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.credits;
}

async function grantsOf(paymentId: string) {
  return t.database.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.paymentId, paymentId));
}

/** A verified card workspace of the buyer, with its first purchase done. */
async function paidWorkspace(): Promise<string> {
  const response = await call('/api/v1/workspaces', buyer.cookie, cardWorkspaceOrder());
  expect(response.statusCode).toBe(201);
  return response.json().workspaceId;
}

/** A payment left as a crash leaves it: opened, never answered. */
async function openedPayment(workspaceId: string) {
  const [workspace] = await t.database.db
    .select()
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new Error('no workspace');
  const payment = await t.database.db.transaction((tx) =>
    openPayment(tx, t.platform, {
      workspace,
      userId: buyer.id,
      credits: 10,
      idempotencyKey: `${workspaceId}:${randomUUID()}`,
    }),
  );
  if (!payment) throw new Error('no payment');
  return payment;
}

const reconcile = (paymentId: string) =>
  reconcilePaymentJob(t.platform).handle({ paymentId }, { jobId: randomUUID(), retryCount: 0 });

describe('a purchase sent again with its key', () => {
  it('is the same order: one workspace, one charge, its credits once', async () => {
    const body = cardWorkspaceOrder({ credits: 7, idempotencyKey: randomUUID() });
    const first = await call('/api/v1/workspaces', buyer.cookie, body);
    expect(first.statusCode).toBe(201);
    const again = await call('/api/v1/workspaces', buyer.cookie, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const { workspaceId } = first.json();
    const [payment, ...more] = await paymentsOf(workspaceId);
    expect(more).toEqual([]);
    expect(await chargesOf(payment?.id ?? '')).toHaveLength(1);
    expect(await creditsOf(workspaceId)).toBe(7);
    const owned = await t.database.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, buyer.id));
    expect(owned.filter((row) => row.workspaceId === workspaceId)).toHaveLength(1);
  });

  it('sent twice at once charges the card once', async () => {
    const workspaceId = await paidWorkspace();
    const body = {
      credits: 10,
      card: testCard(),
      confirm: true,
      idempotencyKey: randomUUID(),
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(`/api/v1/workspaces/${workspaceId}/credits`, buyer.cookie, body)),
    );
    expect(answers.map((answer) => answer.statusCode).every((s) => s === 200 || s === 202)).toBe(
      true,
    );
    const bought = (await paymentsOf(workspaceId)).filter((p) => p.credits === 10);
    expect(bought).toHaveLength(1);
    expect(await chargesOf(bought[0]?.id ?? '')).toHaveLength(1);
    // Whatever the racing requests answered, the reconciliation leaves it settled once.
    await reconcile(bought[0]?.id ?? '');
    expect(await creditsOf(workspaceId)).toBe(15);
    expect(await grantsOf(bought[0]?.id ?? '')).toHaveLength(1);
  });

  it('is another workspace’s key for another workspace, and no one else’s to use', async () => {
    const workspaceId = await paidWorkspace();
    const body = { credits: 3, card: testCard(), confirm: true, idempotencyKey: randomUUID() };
    const bought = await call(`/api/v1/workspaces/${workspaceId}/credits`, buyer.cookie, body);
    expect(bought.statusCode).toBe(200);
    const refused = await call(`/api/v1/workspaces/${workspaceId}/credits`, stranger.cookie, body);
    expect(refused.statusCode).toBe(404);
    const paymentId = bought.json().paymentId;
    expect((await call(`/api/v1/payments/${paymentId}/confirm`, stranger.cookie)).statusCode).toBe(
      404,
    );
  });
});

describe('the reconciliation', () => {
  it('finishes a payment whose answer a crash lost: charged at the processor, pending here', async () => {
    const workspaceId = await paidWorkspace();
    const payment = await openedPayment(workspaceId);
    // The processor charged the card (the id stored first), then the process died.
    const charged = await t.platform.payments?.charge({
      amount: payment.purchaseTotal,
      currency: payment.currency,
      card: testCard(),
      paymentId: payment.id,
      description: 'credits',
      returnUrl: 'http://localhost:3000/',
      idempotencyKey: payment.id,
      onProviderId: async (providerPaymentId) => {
        await t.database.db
          .update(payments)
          .set({ providerPaymentId })
          .where(eq(payments.id, payment.id));
      },
    });
    expect(charged?.status).toBe('succeeded');
    expect((await paymentsOf(workspaceId)).find((p) => p.id === payment.id)?.status).toBe(
      'pending',
    );
    await reconcile(payment.id);
    await reconcile(payment.id);
    const [settled] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(settled).toMatchObject({ status: 'succeeded' });
    expect(settled?.creditedAt).toBeInstanceOf(Date);
    expect(await grantsOf(payment.id)).toHaveLength(1);
    expect(await creditsOf(workspaceId)).toBe(15);
  });

  it('fails a payment that was never charged, and grants nothing', async () => {
    const workspaceId = await paidWorkspace();
    // Died before the processor was asked: no processor id.
    const unasked = await openedPayment(workspaceId);
    // Died after the id was stored but before the charge was made.
    const unmade = await openedPayment(workspaceId);
    await t.database.db
      .update(payments)
      .set({ providerPaymentId: 'tch_000000000000000000000000' })
      .where(eq(payments.id, unmade.id));
    await reconcile(unasked.id);
    await reconcile(unmade.id);
    for (const id of [unasked.id, unmade.id]) {
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
      expect(row?.status).toBe('failed');
      expect(row?.errorMessage).toBeTruthy();
      expect(await grantsOf(id)).toEqual([]);
    }
    expect(await creditsOf(workspaceId)).toBe(5);
  });

  it('grants a 3-D Secure finished at the bank whose return never reached Pactum, and cancels one left open for a day', async () => {
    const workspaceId = await paidWorkspace();
    const buy = () =>
      call(`/api/v1/workspaces/${workspaceId}/credits`, buyer.cookie, {
        credits: 10,
        card: testCard(TEST_CARDS.requires3ds),
        confirm: true,
        idempotencyKey: randomUUID(),
      });
    const finished = (await buy()).json();
    const abandoned = (await buy()).json();
    // The customer approves at the bank, and closes the tab before coming back.
    await t.app.inject({
      method: 'POST',
      url: `${new URL(finished.redirectUrl).pathname}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    // Still open: the customer may yet come back, so nothing is cancelled in the first day.
    await reconcile(abandoned.paymentId);
    expect((await paymentsOf(workspaceId)).find((p) => p.id === abandoned.paymentId)?.status).toBe(
      'requires_action',
    );
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(payments.id, abandoned.paymentId));
    await reconcile(finished.paymentId);
    await reconcile(abandoned.paymentId);
    const rows = await paymentsOf(workspaceId);
    expect(rows.find((p) => p.id === finished.paymentId)).toMatchObject({ status: 'succeeded' });
    expect(rows.find((p) => p.id === abandoned.paymentId)).toMatchObject({ status: 'failed' });
    expect(await creditsOf(workspaceId)).toBe(15);
    // The bank's page can no longer complete the cancelled one.
    const late = await t.app.inject({
      method: 'GET',
      url: new URL(abandoned.redirectUrl).pathname,
    });
    expect(late.body).toContain('already failed');
  });

  it('is swept for every unsettled payment past the delay, and leaves settled and recent ones', async () => {
    const workspaceId = await paidWorkspace();
    const old = await openedPayment(workspaceId);
    const recent = await openedPayment(workspaceId);
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(payments.id, old.id));
    await sweepPaymentsJob(t.platform).handle({}, { jobId: randomUUID(), retryCount: 0 });
    const rows = await paymentsOf(workspaceId);
    expect(rows.find((p) => p.id === old.id)?.status).toBe('failed');
    expect(rows.find((p) => p.id === recent.id)?.status).toBe('pending');
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.workspaceId, workspaceId), eq(payments.status, 'succeeded'))),
    ).toHaveLength(1);
  });

  it('is scheduled every ten minutes', async () => {
    // The schedule is made when the app is ready.
    await t.app.ready();
    const schedules = await t.platform.jobs.listSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: 'payment.sweep', cron: '*/10 * * * *' }),
    );
  });
});

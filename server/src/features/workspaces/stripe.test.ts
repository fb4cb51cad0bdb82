import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { payments, workspaceMembers, workspaces } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import {
  RECORDED_STRIPE_KEY,
  type RecordedStripe,
  startRecordedStripe,
} from '../../test/recorded-stripe';
import { webhookEvent } from './fixtures/stripe-payloads';
import { reconcilePaymentJob } from './payments/payment-jobs';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let owner: TestUser;
let stripe: RecordedStripe;

beforeAll(async () => {
  stripe = await startRecordedStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: RECORDED_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  owner = await createUser(t.platform);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function cardWorkspace() {
  const [workspace] = await t.database.db
    .insert(workspaces)
    .values({
      title: 'Stripe workspace',
      type: 'card',
      isVerified: true,
      address: { country: 'fi' },
    })
    .returning();
  if (!workspace) throw new Error('no workspace');
  await t.database.db
    .insert(workspaceMembers)
    .values({ workspaceId: workspace.id, userId: owner.id, role: 'edit' });
  return workspace.id;
}

const buy = (workspaceId: string, paymentMethodId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${workspaceId}/credits`,
    headers: { cookie: owner.cookie, origin: ORIGIN },
    payload: { credits: 10, paymentMethodId, confirm: true, idempotencyKey: randomUUID() },
  });

function signedWebhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const balance = async (workspaceId: string) =>
  (await t.database.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0]?.credits;

describe('the Stripe adapter', () => {
  it('grants credits only on the signed webhook, once, however often it is replayed', async () => {
    const workspaceId = await cardWorkspace();
    const response = await buy(workspaceId, 'pm_card_visa');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'succeeded',
      currency: 'EUR',
      purchaseTotal: 12_400,
    });
    expect(response.json().balance).toBeUndefined();
    expect(await balance(workspaceId)).toBe(0);

    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.workspaceId, workspaceId));
    const intent = stripe.intents.get(payment?.providerPaymentId ?? '');
    if (!intent) throw new Error('no recorded intent');
    expect(intent.amount).toBe(12_400);
    const event = webhookEvent({ id: 'evt_1Succeeded', type: 'payment_intent.succeeded', intent });
    const first = await signedWebhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await balance(workspaceId)).toBe(10);

    const replay = await signedWebhook(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // A second event about the same payment still grants nothing more.
    await signedWebhook(
      webhookEvent({ id: 'evt_2Again', type: 'payment_intent.succeeded', intent }),
    );
    expect(await balance(workspaceId)).toBe(10);
  });

  it('refuses a webhook whose signature does not verify, and changes nothing', async () => {
    const workspaceId = await cardWorkspace();
    await buy(workspaceId, 'pm_card_visa');
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.workspaceId, workspaceId));
    const intent = stripe.intents.get(payment?.providerPaymentId ?? '');
    if (!intent) throw new Error('no recorded intent');
    const forged = await signedWebhook(
      webhookEvent({ id: 'evt_forged', type: 'payment_intent.succeeded', intent }),
      'whsec_someone_else',
    );
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(
        webhookEvent({ id: 'evt_unsigned', type: 'payment_intent.succeeded', intent }),
      ),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await balance(workspaceId)).toBe(0);
  });

  it('passes Stripe’s decline message through, and sends 3-D Secure to Stripe’s page', async () => {
    const workspaceId = await cardWorkspace();
    const declined = await buy(workspaceId, 'pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const secure = await buy(workspaceId, 'pm_card_threeDSecure2Required');
    expect(secure.statusCode).toBe(202);
    expect(secure.json().redirectUrl).toMatch(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\//);
  });

  it('grants a succeeded charge whose webhook never came by asking Stripe, once; a late webhook adds nothing', async () => {
    const workspaceId = await cardWorkspace();
    const bought = await buy(workspaceId, 'pm_card_visa');
    expect(bought.json()).toMatchObject({ status: 'succeeded' });
    expect(await balance(workspaceId)).toBe(0);
    const { paymentId } = bought.json();
    const reconcile = reconcilePaymentJob(t.platform);
    await reconcile.handle({ paymentId }, { jobId: randomUUID(), retryCount: 0 });
    await reconcile.handle({ paymentId }, { jobId: randomUUID(), retryCount: 1 });
    expect(await balance(workspaceId)).toBe(10);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const intent = stripe.intents.get(payment?.providerPaymentId ?? '');
    if (!intent) throw new Error('no recorded intent');
    const late = await signedWebhook(
      webhookEvent({ id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded', intent }),
    );
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect(await balance(workspaceId)).toBe(10);
    expect(stripe.charges.get(intent.id)).toBe(1);
  });

  it('cancels an intent that was created but never confirmed, so it can never be charged', async () => {
    const workspaceId = await cardWorkspace();
    const secure = await buy(workspaceId, 'pm_card_threeDSecure2Required');
    const { paymentId } = secure.json();
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(payments.id, paymentId));
    await reconcilePaymentJob(t.platform).handle(
      { paymentId },
      { jobId: randomUUID(), retryCount: 0 },
    );
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'failed' });
    expect(stripe.intents.get(payment?.providerPaymentId ?? '')?.status).toBe('canceled');
    expect(await balance(workspaceId)).toBe(0);
  });

  it('needs the webhook secret when Stripe is configured', async () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

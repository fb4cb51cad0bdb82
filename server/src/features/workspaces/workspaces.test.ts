import { randomUUID } from 'node:crypto';
import { DEMO_WORKSPACE_ID } from '@pactum/core/billing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactions, payments, workspaceMembers, workspaces } from '../../db/schema';
import { TEST_CARDS } from '../../platform/payments/test-processor';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieHeader, createUser, type TestUser } from '../../test/factories';
import { waitForMail } from '../../test/outbox';
import { cardWorkspaceOrder, invoiceWorkspaceOrder, testCard } from '../../test/workspace-order';
import { ensureDemoWorkspace } from './ensure-demo-workspace';
import { applyCreditChange } from './ledger';

let t: TestApp;
let owner: TestUser;
let outsider: TestUser;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  [owner, outsider] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
});
afterAll(() => t?.close());

const card = testCard;
const order = cardWorkspaceOrder;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function cardWorkspace(
  user: TestUser,
  overrides: Partial<Record<string, unknown>> = {},
  country = 'se',
) {
  const response = await call('POST', '/api/v1/workspaces', user.cookie, order(overrides, country));
  expect(response.statusCode).toBe(201);
  return response.json() as { workspaceId: string; payment: { status: string; balance?: number } };
}

describe('card workspaces and buying credits', () => {
  it('creates a card workspace, verified at once, with its first credits', async () => {
    const { workspaceId, payment } = await cardWorkspace(owner);
    expect(payment).toMatchObject({ status: 'succeeded', balance: 5 });
    const page = (await call('GET', `/api/v1/workspaces/${workspaceId}`, owner.cookie)).json();
    expect(page).toMatchObject({ type: 'card', isVerified: true, credits: 5, role: 'edit' });
    expect(page.company.vat).toBe('SE5560-1234.01');
    expect(page.card).toMatchObject({ last4: '4242', brand: 'Visa' });
    const list = (await call('GET', '/api/v1/workspaces', owner.cookie)).json();
    expect(list.map((w: { id: string }) => w.id)).toContain(workspaceId);
    // The drawer's count follows at once.
    const me = (await call('GET', '/api/v1/me', owner.cookie)).json();
    expect(me.counts.workspaces).toBe(list.length);
  });

  it('buys credits without and with 3-D Secure, granting them once', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    const plain = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
      credits: 10,
      card: card(TEST_CARDS.success),
      confirm: true,
      idempotencyKey: randomUUID(),
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ status: 'succeeded', balance: 15 });

    const secure = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
      credits: 5,
      card: card(TEST_CARDS.requires3ds),
      confirm: true,
      idempotencyKey: randomUUID(),
    });
    expect(secure.statusCode).toBe(202);
    const { paymentId, redirectUrl } = secure.json();
    expect(redirectUrl).toMatch(/\/api\/v1\/test-processor\/3ds\/tch_/);
    // Nothing is granted before the customer passes 3-D Secure.
    expect(
      (await call('POST', `/api/v1/payments/${paymentId}/confirm`, owner.cookie)).json(),
    ).toMatchObject({
      status: 'requires_action',
    });
    const bankPage = await t.app.inject({ method: 'GET', url: new URL(redirectUrl).pathname });
    expect(bankPage.body).toContain('Complete authentication');
    const approve = await t.app.inject({
      method: 'POST',
      url: `${new URL(redirectUrl).pathname}/complete`,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toContain(
      `/dashboard/account/workspace/verify/${workspaceId}?payment=${paymentId}`,
    );
    const confirmed = await call('POST', `/api/v1/payments/${paymentId}/confirm`, owner.cookie);
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', balance: 20 });
    const again = await call('POST', `/api/v1/payments/${paymentId}/confirm`, owner.cookie);
    expect(again.json()).toMatchObject({ status: 'succeeded', balance: 20 });
    expect(
      (await call('POST', `/api/v1/payments/${paymentId}/confirm`, outsider.cookie)).statusCode,
    ).toBe(404);

    const ledger = (
      await call('GET', `/api/v1/workspaces/${workspaceId}/transactions`, owner.cookie)
    ).json();
    expect(ledger.total).toBe(3);
    expect(ledger.items.map((i: { purchase: number }) => i.purchase)).toEqual([5, 10, 5]);
    expect(ledger.items[0]).toMatchObject({ balanceAfter: 20, product: 'credits' });
  });

  it('grants nothing when 3-D Secure fails', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    const secure = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
      credits: 5,
      card: card(TEST_CARDS.requires3ds),
      confirm: true,
      idempotencyKey: randomUUID(),
    });
    const { paymentId, redirectUrl } = secure.json();
    await t.app.inject({
      method: 'POST',
      url: `${new URL(redirectUrl).pathname}/fail`,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const confirmed = await call('POST', `/api/v1/payments/${paymentId}/confirm`, owner.cookie);
    expect(confirmed.json()).toMatchObject({
      status: 'failed',
      failureCode: 'three_d_secure_failed',
      message: '3-D Secure authentication failed.',
    });
    const [row] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(row?.credits).toBe(5);
  });

  it('refuses a declined card and one that is not chargeable, with the processor’s words', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    const declined = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
      credits: 5,
      card: card(TEST_CARDS.declined),
      confirm: true,
      idempotencyKey: randomUUID(),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({
      code: 'card_declined',
      message: 'Your card was declined.',
      params: {},
    });
    const notChargeable = await call(
      'POST',
      `/api/v1/workspaces/${workspaceId}/credits`,
      owner.cookie,
      {
        credits: 5,
        card: card(TEST_CARDS.notChargeable),
        confirm: true,
        idempotencyKey: randomUUID(),
      },
    );
    expect(notChargeable.json().error).toMatchObject({
      code: 'card_not_chargeable',
      message: 'This card is not chargeable.',
    });
    const [row] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(row?.credits).toBe(5);
  });

  it('adds 24 % tax for a Finnish buyer, and none for others', async () => {
    const finnish = await cardWorkspace(owner, { credits: 10 }, 'fi');
    const swedish = await cardWorkspace(owner, { credits: 10 }, 'se');
    const [fi] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.workspaceId, finnish.workspaceId));
    const [se] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.workspaceId, swedish.workspaceId));
    expect(fi).toMatchObject({
      unitPrice: 1000,
      taxPrc: 24,
      taxAmount: 2400,
      purchaseTotal: 12_400,
    });
    expect(se).toMatchObject({ unitPrice: 1000, taxPrc: 0, taxAmount: 0, purchaseTotal: 10_000 });
  });

  it('refuses more than 2000 credits and a purchase without confirmation', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    const tooMany = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
      credits: 2001,
      card: card(TEST_CARDS.success),
      confirm: true,
      idempotencyKey: randomUUID(),
    });
    expect(tooMany.json().error.fields.credits).toBe(
      'Max amount of credits is 2000. Please contact our sales!',
    );
    const unconfirmed = await call(
      'POST',
      `/api/v1/workspaces/${workspaceId}/credits`,
      owner.cookie,
      {
        credits: 5,
        card: card(TEST_CARDS.success),
        confirm: false,
        idempotencyKey: randomUUID(),
      },
    );
    expect(unconfirmed.statusCode).toBe(400);
  });
});

describe('invoice workspaces and the admin review', () => {
  it('waits for review, then an admin on the company domain verifies it and its credits arrive', async () => {
    const response = await call(
      'POST',
      '/api/v1/workspaces',
      owner.cookie,
      invoiceWorkspaceOrder(
        { credits: 60, licences: 2, country: 'fi' },
        { einvoice: { address: '003712345678', ovtbic: 'OKOYFIHH' } },
      ),
    );
    expect(response.statusCode).toBe(201);
    const { workspaceId } = response.json();
    const page = (await call('GET', `/api/v1/workspaces/${workspaceId}`, owner.cookie)).json();
    expect(page).toMatchObject({
      isVerified: false,
      credits: 0,
      licensing: { maxActiveSeats: 2, pricePerSeat: 39 },
    });
    const early = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
      credits: 5,
      card: card(TEST_CARDS.success),
      confirm: true,
      idempotencyKey: randomUUID(),
    });
    expect(early.statusCode).toBe(403);

    // Not an admin, an admin off the company domain, and an unverified admin are all refused.
    const offDomain = await createUser(t.platform, { isAdmin: true });
    const unverified = await createUser(t.platform, {
      isAdmin: true,
      email: `u-${Date.now()}@pactum.fi`,
      emailVerified: false,
    });
    for (const user of [owner, offDomain, unverified]) {
      expect(
        (await call('POST', `/api/v1/admin/workspaces/${workspaceId}/verify`, user.cookie))
          .statusCode,
      ).toBe(403);
      expect((await call('GET', '/api/v1/admin/workspaces', user.cookie)).statusCode).toBe(403);
    }
    const admin = await createUser(t.platform, {
      isAdmin: true,
      email: `staff-${Date.now()}@pactum.fi`,
    });
    const list = (
      await call('GET', `/api/v1/admin/workspaces?q=${workspaceId}`, admin.cookie)
    ).json();
    expect(list.items.find((w: { id: string }) => w.id === workspaceId)).toMatchObject({
      isVerified: false,
    });
    expect(
      (await call('POST', `/api/v1/admin/workspaces/${workspaceId}/verify`, admin.cookie))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('POST', `/api/v1/admin/workspaces/${workspaceId}/verify`, admin.cookie))
        .statusCode,
    ).toBe(204);
    const verified = (await call('GET', `/api/v1/workspaces/${workspaceId}`, owner.cookie)).json();
    expect(verified).toMatchObject({ isVerified: true, credits: 60 });
  });

  it('refuses an invoice order under 50 credits', async () => {
    const response = await call(
      'POST',
      '/api/v1/workspaces',
      owner.cookie,
      invoiceWorkspaceOrder({ credits: 49, licences: 1 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.credits).toBe('Invoice (50 credits or more)');
  });
});

describe('members, groups and tags', () => {
  it('invites a member by e-mail; they join on a verified sign-in; licences limit invites', async () => {
    const response = await call(
      'POST',
      '/api/v1/workspaces',
      owner.cookie,
      invoiceWorkspaceOrder({ credits: 50, licences: 2 }),
    );
    const { workspaceId } = response.json();
    const invitee = await createUser(t.platform);
    const invite = await call('POST', `/api/v1/workspaces/${workspaceId}/invites`, owner.cookie, {
      email: invitee.email,
      role: 'view',
    });
    expect(invite.statusCode).toBe(204);
    await waitForMail(t.app, invitee.email, /invited you to the workspace/);
    // Two licences: the owner and the open invite use them up.
    const third = await call('POST', `/api/v1/workspaces/${workspaceId}/invites`, owner.cookie, {
      email: 'third@example.test',
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toMatch(/All licences are in use/);

    // Already signed in: the invitation is taken up when the app loads the user.
    expect(
      (await call('GET', `/api/v1/workspaces/${workspaceId}`, invitee.cookie)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/v1/me', invitee.cookie)).json().counts.workspaces).toBe(1);
    const signIn = await call('POST', '/api/v1/auth/sign-in', undefined, {
      email: invitee.email,
      password: invitee.password,
    });
    const cookie = cookieHeader(signIn.headers['set-cookie'] as string[]);
    const page = await call('GET', `/api/v1/workspaces/${workspaceId}`, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ role: 'view' });
    expect(page.json().licensing.pricePerSeat).toBeUndefined();
    // A view-role member cannot invite.
    expect(
      (
        await call('POST', `/api/v1/workspaces/${workspaceId}/invites`, cookie, {
          email: 'x@example.test',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets administrators create, change and remove groups, and refuses view-role members', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    const member = await createUser(t.platform);
    await t.database.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: member.id, role: 'view' });
    const created = await call('POST', `/api/v1/workspaces/${workspaceId}/groups`, owner.cookie, {
      name: 'Legal',
      description: 'Contract reviewers',
      memberIds: [owner.id, member.id],
    });
    expect(created.statusCode).toBe(201);
    const { id: groupId } = created.json();
    const updated = await call(
      'PUT',
      `/api/v1/workspaces/${workspaceId}/groups/${groupId}`,
      owner.cookie,
      {
        name: 'Legal team',
        description: '',
        memberIds: [member.id],
      },
    );
    expect(updated.statusCode).toBe(204);
    const page = (await call('GET', `/api/v1/workspaces/${workspaceId}`, member.cookie)).json();
    expect(page.groups).toEqual([
      { id: groupId, name: 'Legal team', description: '', memberIds: [member.id] },
    ]);

    const byMember = await call('POST', `/api/v1/workspaces/${workspaceId}/groups`, member.cookie, {
      name: 'Mine',
      memberIds: [member.id],
    });
    expect(byMember.statusCode).toBe(403);
    const foreignMember = await call(
      'POST',
      `/api/v1/workspaces/${workspaceId}/groups`,
      owner.cookie,
      {
        name: 'Strangers',
        memberIds: [outsider.id],
      },
    );
    expect(foreignMember.statusCode).toBe(400);
    const noMembers = await call('POST', `/api/v1/workspaces/${workspaceId}/groups`, owner.cookie, {
      name: 'Empty',
      memberIds: [],
    });
    expect(noMembers.statusCode).toBe(400);
    expect(
      (await call('DELETE', `/api/v1/workspaces/${workspaceId}/groups/${groupId}`, member.cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/v1/workspaces/${workspaceId}/groups/${groupId}`, owner.cookie))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('GET', `/api/v1/workspaces/${workspaceId}`, owner.cookie)).json().groups,
    ).toEqual([]);
  });

  it('keeps tags unique per workspace ignoring case, and ignores empty ones', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    const first = await call('POST', `/api/v1/workspaces/${workspaceId}/tags`, owner.cookie, {
      tag: ' Urgent ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().tag).toBe('Urgent');
    const duplicate = await call('POST', `/api/v1/workspaces/${workspaceId}/tags`, owner.cookie, {
      tag: 'urgent',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Tag urgent already exists');
    expect(
      (await call('POST', `/api/v1/workspaces/${workspaceId}/tags`, owner.cookie, { tag: '   ' }))
        .statusCode,
    ).toBe(204);
    const page = (await call('GET', `/api/v1/workspaces/${workspaceId}`, owner.cookie)).json();
    expect(page.tags.map((tag: { tag: string }) => tag.tag)).toEqual(['Urgent']);
    expect(
      (
        await call(
          'DELETE',
          `/api/v1/workspaces/${workspaceId}/tags/${first.json().id}`,
          owner.cookie,
        )
      ).statusCode,
    ).toBe(204);
  });

  it('recounts stats, and skips a recount within 24 hours', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    await call('POST', `/api/v1/workspaces/${workspaceId}/tags`, owner.cookie, { tag: 'Q4' });
    const first = (
      await call('POST', `/api/v1/workspaces/${workspaceId}/stats`, owner.cookie)
    ).json();
    expect(first).toMatchObject({
      isSkipped: false,
      stats: {
        members: 1,
        tags: 1,
        groups: 0,
        credits: { purchased: 5, spent: 0 },
        deals: { negotiation: 0 },
      },
    });
    const second = (
      await call('POST', `/api/v1/workspaces/${workspaceId}/stats`, owner.cookie)
    ).json();
    expect(second.isSkipped).toBe(true);
  });
});

describe('who may touch a workspace', () => {
  it('refuses a user of another workspace on every workspace route, and a stranger', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    const [tag] = [
      (
        await call('POST', `/api/v1/workspaces/${workspaceId}/tags`, owner.cookie, {
          tag: 'Secret',
        })
      ).json(),
    ];
    const group = (
      await call('POST', `/api/v1/workspaces/${workspaceId}/groups`, owner.cookie, {
        name: 'G',
        memberIds: [owner.id],
      })
    ).json();
    await cardWorkspace(outsider);
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', `/api/v1/workspaces/${workspaceId}`],
      ['GET', `/api/v1/workspaces/${workspaceId}/transactions`],
      [
        'POST',
        `/api/v1/workspaces/${workspaceId}/credits`,
        { credits: 5, card: card(TEST_CARDS.success), confirm: true, idempotencyKey: randomUUID() },
      ],
      ['POST', `/api/v1/workspaces/${workspaceId}/invites`, { email: 'x@example.test' }],
      ['DELETE', `/api/v1/workspaces/${workspaceId}/members/${owner.id}`],
      ['POST', `/api/v1/workspaces/${workspaceId}/groups`, { name: 'X', memberIds: [outsider.id] }],
      [
        'PUT',
        `/api/v1/workspaces/${workspaceId}/groups/${group.id}`,
        { name: 'X', memberIds: [outsider.id] },
      ],
      ['DELETE', `/api/v1/workspaces/${workspaceId}/groups/${group.id}`],
      ['POST', `/api/v1/workspaces/${workspaceId}/tags`, { tag: 'Mine' }],
      ['DELETE', `/api/v1/workspaces/${workspaceId}/tags/${tag.id}`],
      ['POST', `/api/v1/workspaces/${workspaceId}/stats`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, outsider.cookie, body)).statusCode, `${method} ${url}`).toBe(
        404,
      );
      expect(
        (await call(method, url, undefined, body)).statusCode,
        `${method} ${url} stranger`,
      ).toBe(401);
    }
    const [row] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(row?.credits).toBe(5);
  });
});

describe('the credit ledger under concurrency', () => {
  async function fundedWorkspace(credits: number) {
    const [workspace] = await t.database.db
      .insert(workspaces)
      .values({ title: 'Ledger test', type: 'card', isVerified: true })
      .returning();
    if (!workspace) throw new Error('no workspace');
    await t.database.db.transaction((tx) =>
      applyCreditChange(tx, {
        workspaceId: workspace.id,
        idempotencyKey: randomUUID(),
        product: 'adjustment',
        purchase: credits,
      }),
    );
    return workspace.id;
  }

  const spend = (workspaceId: string, key: string, amount: number) =>
    t.database.db.transaction((tx) =>
      applyCreditChange(tx, {
        workspaceId,
        idempotencyKey: key,
        product: 'send',
        spend: amount,
        documentTitle: 'NDA',
      }),
    );

  it('applies 50 concurrent spends with one idempotency key once', async () => {
    const workspaceId = await fundedWorkspace(10);
    const key = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => spend(workspaceId, key, 3)),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const applied = results.filter((r) => r.status === 'fulfilled' && r.value.isApplied);
    expect(applied).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(row?.credits).toBe(7);
    const ledger = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.workspaceId, workspaceId));
    expect(ledger).toHaveLength(2);
  });

  it('never drives the balance below zero under 50 parallel spends', async () => {
    const workspaceId = await fundedWorkspace(20);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => spend(workspaceId, randomUUID(), 3)),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) =>
        r.status === 'rejected' && (r.reason as { code?: string }).code === 'insufficient_credits',
    ).length;
    expect(succeeded).toBe(6);
    expect(refused).toBe(44);
    const [row] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(row?.credits).toBe(2);
    const ledger = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.workspaceId, workspaceId));
    expect(ledger).toHaveLength(7);
    expect(Math.min(...ledger.map((entry) => entry.balanceAfter))).toBeGreaterThanOrEqual(0);
  });

  it('refuses a spend larger than the balance and changes nothing', async () => {
    const workspaceId = await fundedWorkspace(2);
    await expect(spend(workspaceId, randomUUID(), 3)).rejects.toMatchObject({
      code: 'insufficient_credits',
    });
    const [row] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(row?.credits).toBe(2);
  });

  it('charges once for 50 concurrent purchases with one idempotency key', async () => {
    const { workspaceId } = await cardWorkspace(owner);
    const key = randomUUID();
    const body = {
      credits: 10,
      card: card(TEST_CARDS.success),
      confirm: true,
      idempotencyKey: key,
    };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, body),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 202)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.workspaceId, workspaceId));
    expect(rows).toHaveLength(2);
    const [row] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(row?.credits).toBe(15);
  });
});

describe('the demo workspace', () => {
  it('is made once on start with its fixed id, and takes no tags', async () => {
    await ensureDemoWorkspace(t.database);
    await ensureDemoWorkspace(t.database);
    const rows = await t.database.db.select().from(workspaces).where(eq(workspaces.isDemo, true));
    expect(rows.map((row) => row.id)).toEqual([DEMO_WORKSPACE_ID]);
    await t.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: DEMO_WORKSPACE_ID, userId: owner.id, role: 'edit' });
    const response = await call(
      'POST',
      `/api/v1/workspaces/${DEMO_WORKSPACE_ID}/tags`,
      owner.cookie,
      {
        tag: 'x',
      },
    );
    expect(response.statusCode).toBe(404);
  });
});

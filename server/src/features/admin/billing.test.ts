import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEvents,
  creditTransactions,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { createTestApp, listenLive, type TestApp } from '../../test/app';
import { createWorkspaceWith } from '../../test/deal-factory';
import { createUser, type TestUser } from '../../test/factories';
import { openLive } from '../../test/live-client';
import { cardWorkspaceOrder, invoiceWorkspaceOrder } from '../../test/workspace-order';
import { applyCreditChange } from '../workspaces/ledger';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  admin = await createUser(t.platform, { isAdmin: true, email: `staff-${randomUUID()}@pactum.fi` });
  [owner, member] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
});
afterAll(() => t?.close());

function call(method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function get<T>(url: string): Promise<T> {
  const response = await call('GET', url, admin.cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

type Row = { id: string; title: string; isVerified: boolean; isRejected: boolean };
type WorkspacePage = { items: Row[]; page: number; pageSize: number; hasMore: boolean };
type Ledger = {
  items: { id: string; product: string; purchase: number; spend: number; balanceAfter: number }[];
  hasMore: boolean;
};

/** A workspace ordered by the owner through the API: card (paid, 5 credits) or invoice. */
async function orderWorkspace(type: 'card' | 'invoice', title: string): Promise<string> {
  const body =
    type === 'card'
      ? cardWorkspaceOrder({ title })
      : invoiceWorkspaceOrder({ credits: 60, licences: 2, country: 'fi' }, { title });
  const response = await call('POST', '/api/v1/workspaces', owner.cookie, body);
  expect(response.statusCode).toBe(201);
  return response.json().workspaceId;
}

const adjust = (workspaceId: string, body: object) =>
  call('POST', `/api/v1/admin/workspaces/${workspaceId}/credits`, admin.cookie, body);

const balanceOf = async (workspaceId: string) =>
  (
    await t.database.db
      .select({ credits: workspaces.credits })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
  )[0]?.credits;

const actionsOn = (workspaceId: string) =>
  t.database.db.select().from(adminEvents).where(eq(adminEvents.targetId, workspaceId));

describe('the billing list', () => {
  it('pages in the database, waiting for review first, then the newest', async () => {
    const marker = `Paged${randomUUID().slice(0, 8)}`;
    const made = await t.database.db
      .insert(workspaces)
      .values(
        Array.from({ length: 27 }, (_, index) => ({
          title: `${marker} ${index}`,
          type: 'invoice' as const,
          // The first two are verified; the rest wait for review.
          isVerified: index < 2,
          createdAt: new Date(Date.UTC(2020, 0, 1 + index)),
        })),
      )
      .returning({ id: workspaces.id });
    const [first, second] = await Promise.all([
      get<WorkspacePage>(`/api/v1/admin/workspaces?q=${marker}&pageSize=25`),
      get<WorkspacePage>(`/api/v1/admin/workspaces?q=${marker}&pageSize=25&page=2`),
    ]);
    expect(first).toMatchObject({ page: 1, pageSize: 25, hasMore: true });
    expect(second).toMatchObject({ page: 2, hasMore: false });
    const titles = [...first.items, ...second.items].map((row) => row.title);
    const waiting = Array.from({ length: 25 }, (_, index) => `${marker} ${26 - index}`);
    expect(titles).toEqual([...waiting, `${marker} 1`, `${marker} 0`]);
    expect(new Set([...first.items, ...second.items].map((row) => row.id)).size).toBe(made.length);
  });

  it('finds a workspace by title, company name, VAT id or id; wildcards are plain text', async () => {
    const tag = randomUUID().slice(0, 8);
    const [percent, company] = await t.database.db
      .insert(workspaces)
      .values([
        { title: `Discount 100%_${tag}`, type: 'invoice' },
        {
          title: `Plain ${tag}`,
          type: 'card',
          company: { name: `Kalle ${tag} Oy`, vat: `FI${tag}99` },
        },
      ])
      .returning({ id: workspaces.id });
    const ids = async (q: string) =>
      (
        await get<WorkspacePage>(`/api/v1/admin/workspaces?${new URLSearchParams({ q })}`)
      ).items.map((row) => row.id);
    expect(await ids(`100%_${tag}`)).toEqual([percent?.id]);
    expect(await ids(`kalle ${tag}`)).toEqual([company?.id]);
    expect(await ids(`fi${tag}`)).toEqual([company?.id]);
    expect(await ids(company?.id ?? '')).toEqual([company?.id]);
    // `%` and `_` match themselves only.
    expect(await ids(`1%0_${tag}`)).toEqual([]);
    expect(await ids(`Discount 1__%`)).toEqual([]);
    expect(await ids(`${tag}x`)).toEqual([]);
  });
});

describe('a workspace’s billing detail', () => {
  it('shows members, seats and payments; 404 for an unknown workspace', async () => {
    const workspaceId = await orderWorkspace('card', 'Detail workspace');
    await t.database.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: member.id, role: 'view' });
    const disabledAt = new Date('2026-01-02T03:04:05.000Z');
    await t.database.db
      .update(users)
      .set({ disabledAt, disabledReason: 'Test' })
      .where(eq(users.id, member.id));

    const detail = await get<Record<string, unknown>>(`/api/v1/admin/workspaces/${workspaceId}`);
    expect(detail).toMatchObject({
      id: workspaceId,
      title: 'Detail workspace',
      type: 'card',
      credits: 5,
      isVerified: true,
      deletedAt: null,
      pricePerSeat: expect.any(Number),
      maxActiveSeats: expect.any(Number),
      payments: [{ status: 'succeeded', credits: 5, provider: 'test', errorCode: null }],
    });
    const members = detail.members as { id: string; role: string; disabledAt: string | null }[];
    expect(members).toHaveLength(2);
    expect(members).toEqual(
      expect.arrayContaining([
        { id: owner.id, name: owner.name, email: owner.email, role: 'edit', disabledAt: null },
        {
          id: member.id,
          name: member.name,
          email: member.email,
          role: 'view',
          disabledAt: disabledAt.toISOString(),
        },
      ]),
    );
    expect((detail.payments as { creditedAt: string | null }[])[0]?.creditedAt).not.toBeNull();
    await t.database.db
      .update(users)
      .set({ disabledAt: null, disabledReason: null })
      .where(eq(users.id, member.id));

    const unknown = await call('GET', `/api/v1/admin/workspaces/${randomUUID()}`, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    const unknownLedger = await call(
      'GET',
      `/api/v1/admin/workspaces/${randomUUID()}/transactions`,
      admin.cookie,
    );
    expect(unknownLedger.statusCode).toBe(404);
  });

  it('pages the ledger, newest first', async () => {
    const workspaceId = await createWorkspaceWith(t.database.db, [owner]);
    for (let index = 1; index <= 27; index++) {
      await t.database.db.transaction((tx) =>
        applyCreditChange(tx, {
          workspaceId,
          idempotencyKey: `ledger-test:${workspaceId}:${index}`,
          product: 'credits',
          purchase: index,
        }),
      );
    }
    const url = `/api/v1/admin/workspaces/${workspaceId}/transactions?pageSize=25`;
    const first = await get<Ledger>(url);
    const second = await get<Ledger>(`${url}&page=2`);
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    const purchases = [...first.items, ...second.items].map((row) => row.purchase);
    expect(purchases).toEqual(Array.from({ length: 27 }, (_, index) => 27 - index));
    expect(first.items[0]?.balanceAfter).toBe((27 * 28) / 2);
  });
});

describe('credit adjustments', () => {
  it('adds and removes credits through the ledger, once each, and logs them', async () => {
    const workspaceId = await orderWorkspace('card', 'Adjusted workspace');
    const url = await listenLive(t);
    const live = await openLive(url, { origin: ORIGIN, cookie: owner.cookie });
    try {
      const topic = `workspace:${workspaceId}`;
      live.send({ type: 'subscribe', topic });
      await live.next((m) => m.type === 'subscribed' && m.topic === topic);

      const added = await adjust(workspaceId, {
        amount: 10,
        reason: 'Goodwill for the outage',
        idempotencyKey: randomUUID(),
      });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({ balance: 15, isApplied: true });
      // The workspace's open pages hear of it.
      await live.next(
        (m) => m.type === 'event' && m.event.topic === topic && m.event.type === 'credits.changed',
      );
      const removed = await adjust(workspaceId, {
        amount: -5,
        reason: 'Charged twice by mistake',
        idempotencyKey: randomUUID(),
      });
      expect(removed.json()).toMatchObject({ balance: 10, isApplied: true });
      expect(await balanceOf(workspaceId)).toBe(10);

      const ledger = await get<Ledger>(`/api/v1/admin/workspaces/${workspaceId}/transactions`);
      expect(ledger.items.slice(0, 2)).toMatchObject([
        { id: removed.json().transactionId, product: 'adjustment', purchase: 0, spend: 5 },
        { id: added.json().transactionId, product: 'adjustment', purchase: 10, spend: 0 },
      ]);
      const [row] = await t.database.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.id, added.json().transactionId));
      expect(row).toMatchObject({ userId: admin.id, userName: admin.name, balanceAfter: 15 });

      const lines = await actionsOn(workspaceId);
      expect(lines).toHaveLength(2);
      expect(lines.find((line) => line.reason === 'Goodwill for the outage')).toMatchObject({
        adminId: admin.id,
        action: 'workspace.credits-adjusted',
        targetKind: 'workspace',
        targetLabel: 'Adjusted workspace',
        data: { amount: 10, balance: 15, transactionId: added.json().transactionId },
      });
    } finally {
      live.close();
    }
  });

  it('applies a key once, sent again or twice at once', async () => {
    const workspaceId = await orderWorkspace('card', 'Twice workspace');
    const body = { amount: 7, reason: 'Promised credits', idempotencyKey: randomUUID() };
    const first = await adjust(workspaceId, body);
    const again = await adjust(workspaceId, body);
    expect(first.json()).toMatchObject({ isApplied: true, balance: 12 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), isApplied: false });

    const racing = { amount: 3, reason: 'Sent from two tabs', idempotencyKey: randomUUID() };
    const answers = await Promise.all([adjust(workspaceId, racing), adjust(workspaceId, racing)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().isApplied).sort()).toEqual([false, true]);
    expect(new Set(answers.map((answer) => answer.json().transactionId)).size).toBe(1);

    expect(await balanceOf(workspaceId)).toBe(15);
    const adjustments = await t.database.db
      .select()
      .from(creditTransactions)
      .where(
        and(
          eq(creditTransactions.workspaceId, workspaceId),
          eq(creditTransactions.product, 'adjustment'),
        ),
      );
    expect(adjustments.map((row) => row.purchase).sort()).toEqual([3, 7]);
    expect(await actionsOn(workspaceId)).toHaveLength(2);

    // A key is one dialog's: another workspace cannot reuse it.
    const other = await orderWorkspace('card', 'Other workspace');
    const reused = await adjust(other, body);
    expect(reused.statusCode).toBe(409);
    expect(await balanceOf(other)).toBe(5);
  });

  it('refuses to go below zero and leaves nothing behind', async () => {
    const workspaceId = await orderWorkspace('card', 'Small workspace');
    const key = randomUUID();
    const refused = await adjust(workspaceId, {
      amount: -6,
      reason: 'Take back the credits',
      idempotencyKey: key,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('insufficient_credits');
    expect(await balanceOf(workspaceId)).toBe(5);
    const rows = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.idempotencyKey, `admin-adjustment:${key}`));
    expect(rows).toEqual([]);
    expect(await actionsOn(workspaceId)).toEqual([]);
    // The whole balance may go.
    const all = await adjust(workspaceId, {
      amount: -5,
      reason: 'Take back the credits',
      idempotencyKey: key,
    });
    expect(all.json()).toMatchObject({ balance: 0, isApplied: true });
  });

  it('needs a reason and an amount', async () => {
    const workspaceId = await orderWorkspace('card', 'Strict workspace');
    const base = { amount: 5, reason: 'Goodwill', idempotencyKey: randomUUID() };
    const bad: [object, string][] = [
      [{ ...base, reason: undefined }, 'reason'],
      [{ ...base, reason: '  ab  ' }, 'reason'],
      [{ ...base, amount: 0 }, 'amount'],
      [{ ...base, amount: 1.5 }, 'amount'],
      [{ ...base, amount: 100_001 }, 'amount'],
      [{ ...base, idempotencyKey: 'once' }, 'idempotencyKey'],
    ];
    for (const [body, field] of bad) {
      const response = await adjust(workspaceId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed' });
      expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    }
    expect(await balanceOf(workspaceId)).toBe(5);
    expect(await actionsOn(workspaceId)).toEqual([]);
    const unknown = await adjust(randomUUID(), base);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('reviewing an invoice order', () => {
  it('verifies with or without a reason, one log line each time', async () => {
    const workspaceId = await orderWorkspace('invoice', 'Invoice workspace');
    const bare = await call('POST', `/api/v1/admin/workspaces/${workspaceId}/verify`, admin.cookie);
    expect(bare.statusCode).toBe(204);
    expect(await balanceOf(workspaceId)).toBe(60);
    let lines = await actionsOn(workspaceId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      adminId: admin.id,
      action: 'workspace.verified',
      targetKind: 'workspace',
      targetLabel: 'Invoice workspace',
      reason: null,
      data: { credits: 60 },
    });

    const reasoned = await call(
      'POST',
      `/api/v1/admin/workspaces/${workspaceId}/verify`,
      admin.cookie,
      { reason: 'Purchase order received' },
    );
    expect(reasoned.statusCode).toBe(204);
    // The ordered credits came once.
    expect(await balanceOf(workspaceId)).toBe(60);
    lines = await actionsOn(workspaceId);
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.reason === 'Purchase order received')).toMatchObject({
      action: 'workspace.verified',
      data: { credits: 0 },
    });
    const short = await call(
      'POST',
      `/api/v1/admin/workspaces/${workspaceId}/verify`,
      admin.cookie,
      { reason: 'ok' },
    );
    expect(short.statusCode).toBe(400);
    expect(await actionsOn(workspaceId)).toHaveLength(2);
  });

  it('rejects a waiting order with a reason, logged; a verified one stays', async () => {
    const waiting = await orderWorkspace('invoice', 'Rejected workspace');
    const rejected = await call(
      'POST',
      `/api/v1/admin/workspaces/${waiting}/reject`,
      admin.cookie,
      { reason: 'Company could not be identified' },
    );
    expect(rejected.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(workspaces).where(eq(workspaces.id, waiting));
    expect(row).toMatchObject({ isRejected: true, isVerified: false, rejectedBy: admin.id });
    expect(await actionsOn(waiting)).toMatchObject([
      {
        action: 'workspace.rejected',
        adminId: admin.id,
        reason: 'Company could not be identified',
        targetLabel: 'Rejected workspace',
      },
    ]);

    const verified = await orderWorkspace('card', 'Paid workspace');
    const refused = await call('POST', `/api/v1/admin/workspaces/${verified}/reject`, admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('reject_only_waiting');
    expect(await actionsOn(verified)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveItems,
  creditTransactions,
  documentTags,
  drafts,
  templates,
  workspaces,
  workspaceTags,
} from '../../db/schema';
import { TEST_CARDS } from '../../platform/payments/test-processor';
import { createTestApp, type TestApp } from '../../test/app';
import { insertDeal } from '../../test/deal-factory';
import { createWorkspace } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { cardWorkspaceOrder, invoiceWorkspaceOrder, testCard } from '../../test/workspace-order';
import { applyCreditChange } from './ledger';
import { calculateStats, STATS_MAX_AGE_MS } from './stats/calculate-stats';

let t: TestApp;
let owner: TestUser;
let outsider: TestUser;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  [owner, outsider] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
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

async function cardWorkspace(user: TestUser) {
  const response = await call('POST', '/api/v1/workspaces', user.cookie, cardWorkspaceOrder());
  expect(response.statusCode).toBe(201);
  return (response.json() as { workspaceId: string }).workspaceId;
}

const requestStats = async (workspaceId: string, user: TestUser = owner) => {
  const response = await call('POST', `/api/v1/workspaces/${workspaceId}/stats`, user.cookie);
  expect(response.statusCode).toBe(200);
  return response.json();
};

const page = async (workspaceId: string) =>
  (await call('GET', `/api/v1/workspaces/${workspaceId}`, owner.cookie)).json();

describe('workspace stats', () => {
  it('counts a brand-new workspace on its first request, then skips for 24 hours', async () => {
    const workspaceId = await cardWorkspace(owner);
    expect(await page(workspaceId)).toMatchObject({ stats: null, statsCalculatedAt: null });

    const first = await requestStats(workspaceId);
    expect(first).toEqual({
      isSkipped: false,
      stats: {
        deals: { negotiation: 0, inSigning: 0, signed: 0, archives: 0 },
        members: 1,
        groups: 0,
        tags: 0,
        credits: { purchased: 5, spent: 0 },
        tagCounts: {},
      },
    });
    const stored = await page(workspaceId);
    expect(stored.stats).toEqual(first.stats);
    expect(stored.statsCalculatedAt).not.toBeNull();

    // Within 24 hours: skipped, with the stored count.
    expect(await requestStats(workspaceId)).toEqual({ isSkipped: true, stats: first.stats });
    // A day later: counted again.
    const calculatedAt = new Date(stored.statsCalculatedAt);
    const later = await calculateStats(t.platform, {
      userId: owner.id,
      workspaceId,
      now: new Date(calculatedAt.getTime() + STATS_MAX_AGE_MS + 1),
    });
    expect(later.isSkipped).toBe(false);
  });

  it('counts again after a card purchase, however recent the last count', async () => {
    const workspaceId = await cardWorkspace(owner);
    expect((await requestStats(workspaceId)).stats.credits).toEqual({ purchased: 5, spent: 0 });

    const bought = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
      credits: 10,
      card: testCard(TEST_CARDS.success),
      confirm: true,
      idempotencyKey: randomUUID(),
    });
    expect(bought.json()).toMatchObject({ status: 'succeeded', balance: 15 });
    // The purchase marks the stored count out of date; the page says so until it is counted.
    expect(await page(workspaceId)).toMatchObject({ statsCalculatedAt: null });

    const after = await requestStats(workspaceId);
    expect(after).toMatchObject({ isSkipped: false, stats: { credits: { purchased: 15 } } });
    expect((await page(workspaceId)).stats.credits).toEqual({ purchased: 15, spent: 0 });
    expect((await requestStats(workspaceId)).isSkipped).toBe(true);
  });

  it('shows the credits bought and spent beside the balance after each change, before a count', async () => {
    const workspaceId = await cardWorkspace(owner);
    // A count of today, made with the first 5 credits: the next purchases do not wait for another.
    expect((await requestStats(workspaceId)).stats.credits).toEqual({ purchased: 5, spent: 0 });
    for (const [credits, balance] of [
      [2, 7],
      [5, 12],
    ] as const) {
      const bought = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
        credits,
        card: testCard(TEST_CARDS.success),
        confirm: true,
        idempotencyKey: randomUUID(),
      });
      expect(bought.json()).toMatchObject({ status: 'succeeded', balance });
      const shown = await page(workspaceId);
      expect(shown.credits).toBe(balance);
      expect(shown.stats.credits).toEqual({ purchased: balance, spent: 0 });
    }
    await t.database.db.transaction((tx) =>
      applyCreditChange(tx, {
        workspaceId,
        idempotencyKey: randomUUID(),
        product: 'send',
        spend: 3,
        documentTitle: 'NDA',
      }),
    );
    const shown = await page(workspaceId);
    expect(shown.credits).toBe(9);
    expect(shown.stats.credits).toEqual({ purchased: 12, spent: 3 });
  });

  it('counts a purchase that settles after 3-D Secure', async () => {
    const workspaceId = await cardWorkspace(owner);
    await requestStats(workspaceId);
    const secure = await call('POST', `/api/v1/workspaces/${workspaceId}/credits`, owner.cookie, {
      credits: 7,
      card: testCard(TEST_CARDS.requires3ds),
      confirm: true,
      idempotencyKey: randomUUID(),
    });
    expect(secure.statusCode).toBe(202);
    const { paymentId, redirectUrl } = secure.json();
    // Nothing granted yet: the stored count stands.
    expect((await requestStats(workspaceId)).isSkipped).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: `${new URL(redirectUrl).pathname}/complete`,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const confirmed = await call('POST', `/api/v1/payments/${paymentId}/confirm`, owner.cookie);
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', balance: 12 });

    expect(await requestStats(workspaceId)).toMatchObject({
      isSkipped: false,
      stats: { credits: { purchased: 12, spent: 0 } },
    });
  });

  it('counts the credits of an invoice workspace once an admin verifies it', async () => {
    const created = await call(
      'POST',
      '/api/v1/workspaces',
      owner.cookie,
      invoiceWorkspaceOrder(
        { credits: 60, licences: 2, country: 'fi' },
        { einvoice: { address: '003712345678', ovtbic: 'OKOYFIHH' } },
      ),
    );
    expect(created.statusCode).toBe(201);
    const { workspaceId } = created.json();
    // Opened from the list while waiting for review: counted with nothing bought.
    expect((await requestStats(workspaceId)).stats.credits).toEqual({ purchased: 0, spent: 0 });

    const admin = await createUser(t.platform, {
      isAdmin: true,
      email: `staff-${randomUUID()}@pactum.fi`,
    });
    const verify = await call(
      'POST',
      `/api/v1/admin/workspaces/${workspaceId}/verify`,
      admin.cookie,
    );
    expect(verify.statusCode).toBe(204);

    expect(await requestStats(workspaceId)).toMatchObject({
      isSkipped: false,
      stats: { credits: { purchased: 60, spent: 0 } },
    });
  });

  it('counts credits spent on a send', async () => {
    const workspaceId = await cardWorkspace(owner);
    await requestStats(workspaceId);
    await t.database.db.transaction((tx) =>
      applyCreditChange(tx, {
        workspaceId,
        idempotencyKey: randomUUID(),
        product: 'send',
        spend: 2,
        documentTitle: 'NDA',
      }),
    );
    expect(await requestStats(workspaceId)).toMatchObject({
      isSkipped: false,
      stats: { credits: { purchased: 5, spent: 2 } },
    });
  });

  it('never stores a count as fresh that misses a credit change made during it', async () => {
    const workspaceId = await cardWorkspace(owner);
    const start = Date.now();
    // Each round: a count that must run (a day after the last) races a purchase.
    for (let round = 1; round <= 20; round += 1) {
      await Promise.all([
        calculateStats(t.platform, {
          userId: owner.id,
          workspaceId,
          now: new Date(start + round * (STATS_MAX_AGE_MS + 1)),
        }),
        t.database.db.transaction((tx) =>
          applyCreditChange(tx, {
            workspaceId,
            idempotencyKey: randomUUID(),
            product: 'adjustment',
            purchase: 1,
          }),
        ),
      ]);
      const [row] = await t.database.db
        .select({ stats: workspaces.stats, statsCalculatedAt: workspaces.statsCalculatedAt })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      const [ledger] = await t.database.db
        .select({ purchased: sum(creditTransactions.purchase) })
        .from(creditTransactions)
        .where(eq(creditTransactions.workspaceId, workspaceId));
      // Either out of date (counted again on the next view) or right.
      if (row?.statsCalculatedAt) {
        expect(row.stats?.credits.purchased, `round ${round}`).toBe(Number(ledger?.purchased));
      }
    }
  });

  it('refuses the stats to a member of another workspace and to a stranger', async () => {
    const workspaceId = await cardWorkspace(owner);
    await cardWorkspace(outsider);
    const url = `/api/v1/workspaces/${workspaceId}/stats`;
    expect((await call('POST', url, outsider.cookie)).statusCode).toBe(404);
    expect((await call('POST', url, undefined)).statusCode).toBe(401);
    // Nothing was counted for them.
    expect(await page(workspaceId)).toMatchObject({ stats: null, statsCalculatedAt: null });
  });

  it('counts the live archive files and, per tag, the documents of each kind', async () => {
    const { db } = t.database;
    const workspaceId = (await createWorkspace(db, { memberIds: [owner.id] })).id;
    const [legal, sales] = await db
      .insert(workspaceTags)
      .values(['Legal', 'Sales', 'Unused'].map((tag) => ({ workspaceId, tag })))
      .returning({ id: workspaceTags.id });
    const [folder] = await db
      .insert(archiveItems)
      .values({ type: 'folder', name: 'contracts', workspaceId, scope: 'workspace' })
      .returning();
    const file = (name: string, deletedAt: Date | null = null) => ({
      type: 'file' as const,
      name,
      parentId: folder?.id ?? null,
      ancestorIds: [folder?.id ?? ''],
      workspaceId,
      scope: 'workspace' as const,
      deletedAt,
    });
    const archived = await db
      .insert(archiveItems)
      .values([file('a.pdf'), file('b.pdf'), file('gone.pdf', new Date())])
      .returning({ id: archiveItems.id });
    const [template, deletedTemplate] = await db
      .insert(templates)
      .values([
        { title: 'NDA', createdBy: owner.id, workspaceId },
        { title: 'Old', createdBy: owner.id, workspaceId, deletedAt: new Date() },
      ])
      .returning({ id: templates.id });
    const [draft, sentDraft] = await db
      .insert(drafts)
      .values([
        { title: 'Draft', createdBy: owner.id, workspaceId },
        { title: 'Sent', createdBy: owner.id, workspaceId, sentAt: new Date() },
      ])
      .returning({ id: drafts.id });
    const deal = (state: 'negotiate' | 'in-signing' | 'signed' | 'trash') =>
      insertDeal(db, { sentBy: owner.id, title: state, state });
    const [negotiating, signing, signed, trashed] = [
      await deal('negotiate'),
      await deal('in-signing'),
      await deal('signed'),
      await deal('trash'),
    ];
    const tag = (
      collection: 'templates' | 'drafts' | 'deals' | 'archives',
      documentId = '',
      tagId = '',
    ) => ({
      collection,
      documentId,
      tagId,
    });
    await db
      .insert(documentTags)
      .values([
        tag('templates', template?.id, legal?.id),
        tag('templates', deletedTemplate?.id, legal?.id),
        tag('drafts', draft?.id, legal?.id),
        tag('drafts', sentDraft?.id, legal?.id),
        tag('deals', negotiating?.id, legal?.id),
        tag('deals', signing?.id, legal?.id),
        tag('deals', signed?.id, sales?.id),
        tag('deals', trashed?.id, sales?.id),
        tag('archives', archived[0]?.id, sales?.id),
        tag('archives', archived[1]?.id, sales?.id),
        tag('archives', archived[2]?.id, sales?.id),
        tag('archives', folder?.id, legal?.id),
      ]);

    const { stats } = await requestStats(workspaceId);
    expect(stats.deals.archives).toBe(2);
    expect(stats.tags).toBe(3);
    const none = {
      templates: 0,
      drafts: 0,
      negotiation: 0,
      inSigning: 0,
      signed: 0,
      archive: 0,
      trash: 0,
    };
    expect(stats.tagCounts).toEqual({
      Legal: { ...none, templates: 1, drafts: 1, negotiation: 1, inSigning: 1, archive: 1 },
      Sales: { ...none, signed: 1, trash: 1, archive: 2 },
      Unused: none,
    });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEvents, authEvents, documentEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspaceWith, insertDeal } from '../../test/deal-factory';
import { createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' } });
  admin = await createUser(t.platform, { isAdmin: true, email: `staff-${randomUUID()}@pactum.fi` });
  user = await createUser(t.platform);
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

type LogLine = {
  id: string;
  kind: 'auth' | 'document' | 'admin';
  type: string;
  createdAt: string;
  actor: { id: string; name: string; email: string } | null;
  target: { kind: string; id: string; label: string | null } | null;
  reason: string | null;
  ipAddress: string | null;
  data: Record<string, unknown>;
};
type LogPage = { items: LogLine[]; nextCursor: string | null };

async function readLog(query: Record<string, string>): Promise<LogPage> {
  const response = await call(
    'GET',
    `/api/v1/admin/events?${new URLSearchParams(query)}`,
    admin.cookie,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as LogPage;
}

/** Every line of the log for `query`, page after page. */
async function readAll(query: Record<string, string>): Promise<LogLine[][]> {
  const pages: LogLine[][] = [];
  let cursor: string | null = null;
  do {
    const page: LogPage = await readLog(cursor ? { ...query, cursor } : query);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

/** Newest first as the log orders: time, then id (both compare as text). */
const newestFirst = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1;

describe('the event log', () => {
  it('shows a sign-in, a document event and an admin action, newest first', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const signIn = await call('POST', '/api/v1/auth/sign-in', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
    const deal = await insertDeal(t.database.db, { sentBy: user.id, title: 'Log test deal' });
    await t.database.db.insert(documentEvents).values({
      collection: 'deals',
      documentId: deal.id,
      event: 'section-edit',
      userId: user.id,
      data: { sectionTitle: 'Scope' },
    });
    const workspaceId = await createWorkspaceWith(t.database.db, [user], 'Logged workspace');
    const verified = await call(
      'POST',
      `/api/v1/admin/workspaces/${workspaceId}/verify`,
      admin.cookie,
      { reason: 'Order checked with the customer' },
    );
    expect(verified.statusCode).toBe(204);

    const { items } = await readLog({ from: since, pageSize: '100' });
    const login = items.findIndex((line) => line.type === 'login' && line.actor?.id === user.id);
    const edit = items.findIndex((line) => line.target?.id === deal.id);
    const action = items.findIndex((line) => line.target?.id === workspaceId);
    expect(login).toBeGreaterThan(edit);
    expect(edit).toBeGreaterThan(action);
    expect(action).toBeGreaterThanOrEqual(0);
    expect(items[login]).toMatchObject({
      kind: 'auth',
      type: 'login',
      actor: { id: user.id, name: user.name, email: user.email },
      target: null,
      reason: null,
    });
    expect(items[edit]).toMatchObject({
      kind: 'document',
      type: 'section-edit',
      actor: { id: user.id },
      target: { kind: 'deal', id: deal.id, label: 'Log test deal' },
      data: { sectionTitle: 'Scope' },
    });
    expect(items[action]).toMatchObject({
      kind: 'admin',
      type: 'workspace.verified',
      actor: { id: admin.id, name: admin.name, email: admin.email },
      target: { kind: 'workspace', id: workspaceId, label: 'Logged workspace' },
      reason: 'Order checked with the customer',
    });
    const times = items.map((line) => line.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  describe('filters', () => {
    const at = (minute: number) => new Date(Date.UTC(2001, 0, 1, 12, minute));
    const window = { from: '2001-01-01', to: '2001-01-02' };
    let other: TestUser;
    let dealId: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      other = await createUser(t.platform);
      const db = t.database.db;
      const deal = await insertDeal(db, { sentBy: user.id, title: 'Filtered deal' });
      dealId = deal.id;
      const [a, b] = await db
        .insert(authEvents)
        .values([
          { userId: user.id, type: 'login', ipAddress: '192.0.2.1', createdAt: at(1) },
          { userId: other.id, type: 'logout', createdAt: at(5) },
        ])
        .returning({ id: authEvents.id });
      const [c, d] = await db
        .insert(documentEvents)
        .values([
          {
            collection: 'deals',
            documentId: dealId,
            event: 'section-edit',
            userId: user.id,
            createdAt: at(2),
          },
          {
            collection: 'drafts',
            documentId: randomUUID(),
            event: 'document-create',
            userId: other.id,
            createdAt: at(6),
          },
        ])
        .returning({ id: documentEvents.id });
      const [e, f] = await db
        .insert(adminEvents)
        .values([
          {
            adminId: admin.id,
            action: 'user.disabled',
            targetKind: 'user',
            targetId: user.id,
            targetLabel: user.email,
            targetUserId: user.id,
            reason: 'Asked to close the account',
            createdAt: at(3),
          },
          {
            adminId: admin.id,
            action: 'deal.restored',
            targetKind: 'deal',
            targetId: dealId,
            targetLabel: 'Filtered deal',
            reason: 'Trashed by mistake',
            createdAt: at(4),
          },
        ])
        .returning({ id: adminEvents.id });
      Object.assign(ids, {
        login: a?.id,
        logout: b?.id,
        edit: c?.id,
        create: d?.id,
        disabled: e?.id,
        restored: f?.id,
      });
    });

    const idsOf = async (query: Record<string, string>) =>
      (await readLog({ ...window, ...query })).items.map((line) => line.id);

    it('lists the range newest first', async () => {
      expect(await idsOf({})).toEqual([
        ids.create,
        ids.logout,
        ids.restored,
        ids.disabled,
        ids.edit,
        ids.login,
      ]);
      const { items } = await readLog(window);
      expect(items.find((line) => line.id === ids.login)?.ipAddress).toBe('192.0.2.1');
      // A document that no longer exists keeps its line, without a label.
      expect(items.find((line) => line.id === ids.create)?.target).toMatchObject({
        kind: 'draft',
        label: null,
      });
    });

    it('by kind', async () => {
      expect(await idsOf({ kind: 'auth' })).toEqual([ids.logout, ids.login]);
      expect(await idsOf({ kind: 'document' })).toEqual([ids.create, ids.edit]);
      expect(await idsOf({ kind: 'admin' })).toEqual([ids.restored, ids.disabled]);
    });

    it('by type', async () => {
      expect(await idsOf({ type: 'login' })).toEqual([ids.login]);
      expect(await idsOf({ type: 'section-edit' })).toEqual([ids.edit]);
      expect(await idsOf({ type: 'deal.restored' })).toEqual([ids.restored]);
      expect(await idsOf({ type: 'no-such-event' })).toEqual([]);
    });

    it('by user: what they did, and the admin actions about them', async () => {
      expect(await idsOf({ userId: user.id })).toEqual([ids.disabled, ids.edit, ids.login]);
      expect(await idsOf({ userId: other.id })).toEqual([ids.create, ids.logout]);
      expect(await idsOf({ userId: admin.id })).toEqual([ids.restored, ids.disabled]);
      expect(await idsOf({ userId: randomUUID() })).toEqual([]);
    });

    it('by document: its events and the admin actions on it', async () => {
      expect(await idsOf({ documentId: dealId })).toEqual([ids.restored, ids.edit]);
      expect(await idsOf({ documentId: dealId, kind: 'admin' })).toEqual([ids.restored]);
      expect(await idsOf({ documentId: dealId, kind: 'auth' })).toEqual([]);
    });

    it('by time: from inclusive, to exclusive', async () => {
      expect(await idsOf({ from: at(2).toISOString(), to: at(4).toISOString() })).toEqual([
        ids.disabled,
        ids.edit,
      ]);
      expect(await idsOf({ from: '2001-01-02' })).not.toContain(ids.login);
    });

    it('refuses a filter it cannot read', async () => {
      for (const query of ['userId=nobody', 'kind=mail', 'from=yesterday', 'pageSize=7']) {
        const response = await call('GET', `/api/v1/admin/events?${query}`, admin.cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
    });
  });

  it('pages with a cursor: every line once, in order, across sources and equal times', async () => {
    const db = t.database.db;
    // Groups of three lines, one of each source, share a time to the microsecond.
    const times = Array.from({ length: 25 }, (_, index) =>
      new Date(Date.UTC(2002, 5, 1, 8, index, 0, 123)).toISOString(),
    );
    const auth = await db
      .insert(authEvents)
      .values(
        times.map((time) => ({
          userId: user.id,
          type: 'login' as const,
          createdAt: new Date(time),
        })),
      )
      .returning({ id: authEvents.id, createdAt: authEvents.createdAt });
    const documents = await db
      .insert(documentEvents)
      .values(
        times.map((time) => ({
          collection: 'deals' as const,
          documentId: randomUUID(),
          event: 'document-open',
          userId: user.id,
          createdAt: new Date(time),
        })),
      )
      .returning({ id: documentEvents.id, createdAt: documentEvents.createdAt });
    const actions = await db
      .insert(adminEvents)
      .values(
        times.map((time) => ({
          adminId: admin.id,
          action: 'user.sessions-ended' as const,
          targetKind: 'user' as const,
          targetId: user.id,
          targetUserId: user.id,
          reason: 'Lost phone',
          createdAt: new Date(time),
        })),
      )
      .returning({ id: adminEvents.id, createdAt: adminEvents.createdAt });
    const expected = [...auth, ...documents, ...actions]
      .map((row) => ({ id: row.id, at: row.createdAt.toISOString() }))
      .sort(newestFirst)
      .map((row) => row.id);
    expect(expected).toHaveLength(75);

    const range = { from: '2002-06-01', to: '2002-06-02' };
    // Pages of 25 and 50 end inside a group of equal times; the last page says it is the last.
    const pages = await readAll({ ...range, pageSize: '25' });
    expect(pages.map((page) => page.length)).toEqual([25, 25, 25]);
    expect(pages.flat().map((line) => line.id)).toEqual(expected);
    const larger = await readAll({ ...range, pageSize: '50' });
    expect(larger.map((page) => page.length)).toEqual([50, 25]);
    expect(larger.flat().map((line) => line.id)).toEqual(expected);
    const oneSource = await readAll({ ...range, pageSize: '25', kind: 'admin' });
    expect(oneSource.map((page) => page.length)).toEqual([25]);
    expect(oneSource.flat().map((line) => line.id)).toEqual(
      expected.filter((id) => actions.some((row) => row.id === id)),
    );
  });

  it('refuses a cursor it did not hand out', async () => {
    const forged = [
      'not-a-cursor',
      Buffer.from('yesterday|x').toString('base64url'),
      Buffer.from(`2002-06-01T08:00:00.123000Z|${randomUUID()}|more`).toString('base64url'),
    ];
    for (const cursor of forged) {
      const response = await call(
        'GET',
        `/api/v1/admin/events?cursor=${encodeURIComponent(cursor)}`,
        admin.cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_cursor');
    }
    const long = await call('GET', `/api/v1/admin/events?cursor=${'a'.repeat(201)}`, admin.cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('validation_failed');
  });
});

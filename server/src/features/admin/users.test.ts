import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEvents, authEvents, sessions, users } from '../../db/schema';
import { createSessionCookie } from '../../platform/auth/auth';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { cookieHeader, createUser, signIn, type TestUser } from '../../test/factories';
import {
  type OidcAccount,
  passProvider,
  startOidcProvider,
  TestBrowser,
  type TestOidcProvider,
} from '../../test/oidc-provider';
import { codeFromMail, waitForMail } from '../../test/outbox';
import { freePort } from '../../test/processes';

/*
 * The admin area's users (issue 17): who gets in, the list and the user page, and every action
 * with its one line in the event log. Disabled accounts: no sign-in by any path, sessions and API
 * tokens stop at once, documents stay.
 */

let t: TestApp;
/** A product admin: the flag, a verified e-mail on the staff domain (pactum.fi by default). */
let admin: TestUser;
/** The admin flag, but an e-mail on another domain: not a product admin. */
let offDomain: TestUser;
/** A user with a workspace of their own. */
let plain: TestUser;
const ORIGIN = 'http://localhost:3000';
const run = randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  [admin, offDomain, plain] = await Promise.all([
    createUser(t.platform, { isAdmin: true, email: `staff-${run}@pactum.fi` }),
    createUser(t.platform, { isAdmin: true, email: `admin-${run}@elsewhere.test` }),
    createUser(t.platform),
  ]);
  await createWorkspaceWith(t.database.db, [plain], `Plain's workspace ${run}`);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST';

function call(
  method: Method,
  url: string,
  cookie: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const asAdmin = (method: Method, url: string, payload?: unknown) =>
  call(method, url, admin.cookie, payload);

const me = (cookie: string) => call('GET', '/api/v1/me', cookie);

const signInWith = (email: string, password: string) =>
  call('POST', '/api/v1/auth/sign-in', undefined, { email, password });

function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
) {
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({
    status,
    body: { error: { code } },
  });
}

/** The event log's admin lines about a user. */
function adminLinesOf(userId: string) {
  return t.database.db
    .select()
    .from(adminEvents)
    .where(eq(adminEvents.targetId, userId))
    .orderBy(adminEvents.createdAt);
}

async function userRow(userId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no user');
  return row;
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return rows.length;
}

/** Every users route, with a body an admin's call would pass validation with. */
function usersRoutes(userId: string): { method: Method; url: string; payload?: unknown }[] {
  const reason = 'Customer asked by phone';
  return [
    { method: 'GET', url: '/api/v1/admin/users' },
    { method: 'GET', url: `/api/v1/admin/users?q=${encodeURIComponent(plain.email)}` },
    { method: 'GET', url: `/api/v1/admin/users/${userId}` },
    { method: 'POST', url: `/api/v1/admin/users/${userId}/sessions/end`, payload: { reason } },
    { method: 'POST', url: `/api/v1/admin/users/${userId}/verification`, payload: { reason } },
    {
      method: 'POST',
      url: `/api/v1/admin/users/${userId}/admin`,
      payload: { reason, isAdmin: true },
    },
    { method: 'POST', url: `/api/v1/admin/users/${userId}/disable`, payload: { reason } },
    { method: 'POST', url: `/api/v1/admin/users/${userId}/enable`, payload: { reason } },
  ];
}

describe('who may use the users routes', () => {
  it('lets only a product admin in: 403 for an admin off the staff domain and a user, 401 anonymous', async () => {
    const target = await createUser(t.platform, { emailVerified: false });
    const cookieBefore = target.cookie;
    for (const route of usersRoutes(target.id)) {
      for (const caller of [offDomain, plain]) {
        const response = await call(route.method, route.url, caller.cookie, route.payload);
        expectError(response, 403, 'forbidden');
        // Nothing about the user in a refusal.
        expect(response.body).not.toContain(target.email);
      }
      expectError(
        await call(route.method, route.url, undefined, route.payload),
        401,
        'unauthorized',
      );
      // Refused before validation: a bad body tells them nothing either.
      if (route.method === 'POST') {
        expectError(await call('POST', route.url, plain.cookie, { reason: 1 }), 403, 'forbidden');
      }
    }
    // Nothing happened to the user.
    expect(await adminLinesOf(target.id)).toEqual([]);
    const row = await userRow(target.id);
    expect({ isAdmin: row.isAdmin, disabledAt: row.disabledAt }).toEqual({
      isAdmin: false,
      disabledAt: null,
    });
    expect((await me(cookieBefore)).statusCode).toBe(200);

    // The product admin gets through every one of them.
    const statuses: number[] = [];
    for (const route of usersRoutes(target.id)) {
      statuses.push((await asAdmin(route.method, route.url, route.payload)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 204, 204, 204, 204]);
  });

  it('shows the Admin entry (me.isAdmin) to product admins only, not to an admin flag off the staff domain', async () => {
    expect((await me(admin.cookie)).json().isAdmin).toBe(true);
    expect((await me(offDomain.cookie)).json().isAdmin).toBe(false);
    expect((await me(plain.cookie)).json().isAdmin).toBe(false);
  });
});

describe('the user list', () => {
  it('pages 30 matching users by 25, newest first, each once', async () => {
    const marker = `pager${run}`;
    const made: TestUser[] = [];
    for (let batch = 0; batch < 3; batch += 1) {
      made.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            createUser(t.platform, { email: `${marker}-${batch}-${index}@example.test` }),
          ),
        )),
      );
    }
    const first = await asAdmin('GET', `/api/v1/admin/users?q=${marker}&pageSize=25`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 25, hasMore: true });
    expect(first.json().items).toHaveLength(25);
    const second = (await asAdmin('GET', `/api/v1/admin/users?q=${marker}&page=2`)).json();
    expect(second).toMatchObject({ page: 2, pageSize: 25, hasMore: false });
    expect(second.items).toHaveLength(5);

    const listed = [...first.json().items, ...second.items] as { id: string; createdAt: string }[];
    expect(new Set(listed.map((row) => row.id))).toEqual(new Set(made.map((user) => user.id)));
    const order = [...listed].sort(
      (a, b) =>
        Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
        (b.id < a.id ? -1 : b.id > a.id ? 1 : 0),
    );
    expect(listed.map((row) => row.id)).toEqual(order.map((row) => row.id));

    // Without a search, the newest user of all comes first.
    const newest = (await asAdmin('GET', '/api/v1/admin/users')).json();
    const [latest] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(1);
    expect(newest.items[0].id).toBe(latest?.id);
  });

  it('finds a user by part of the e-mail, by name with or without accents, and by id', async () => {
    const jorkki = await createUser(t.platform, {
      email: `j.ayrapaa-${run}@firma.test`,
      name: `Jörkki Äyräpää${run}`,
      firstname: 'Jörkki',
      lastname: `Äyräpää${run}`,
    });
    const find = async (q: string) =>
      (
        (await asAdmin('GET', `/api/v1/admin/users?q=${encodeURIComponent(q)}`)).json().items as {
          id: string;
        }[]
      ).map((row) => row.id);
    expect(await find(`ayrapaa-${run}@firma`)).toEqual([jorkki.id]);
    expect(await find(`jorkki äyräpää${run}`)).toEqual([jorkki.id]);
    expect(await find(`JORKKI AYRAPAA${run}`)).toEqual([jorkki.id]);
    expect(await find(`Jörkki Äyräpää${run}`)).toEqual([jorkki.id]);
    expect(await find(jorkki.id)).toEqual([jorkki.id]);
    expect(await find(`nobody-${run}`)).toEqual([]);
  });

  it('takes % and _ in the search literally', async () => {
    const percent = await createUser(t.platform, { name: `Wild${run} 100% Oy` });
    const digits = await createUser(t.platform, { name: `Wild${run} 1000 Oy` });
    const find = async (q: string) =>
      (await asAdmin('GET', `/api/v1/admin/users?q=${encodeURIComponent(q)}`)).json().items as {
        id: string;
        name: string;
        email: string;
      }[];
    expect((await find(`wild${run} 100%`)).map((row) => row.id)).toEqual([percent.id]);
    expect((await find(`wild${run} 1_00`)).map((row) => row.id)).toEqual([]);
    expect((await find(`wild${run} 1000`)).map((row) => row.id)).toEqual([digits.id]);
    const anyPercent = await find('%');
    expect(anyPercent.map((row) => row.id)).toContain(percent.id);
    expect(anyPercent.every((row) => `${row.email} ${row.name}`.includes('%'))).toBe(true);
    expect(anyPercent.map((row) => row.id)).not.toContain(digits.id);
  });

  it('shows provider, admin flag, last sign-in and the first workspaces by title with their count', async () => {
    const user = await createUser(t.platform);
    for (const title of ['Delta', 'Alpha', 'Charlie', 'Bravo']) {
      await createWorkspaceWith(t.database.db, [user], `${title} ${run}`);
    }
    const row = async () =>
      (await asAdmin('GET', `/api/v1/admin/users?q=${encodeURIComponent(user.email)}`)).json()
        .items[0];
    expect(await row()).toMatchObject({
      id: user.id,
      email: user.email,
      emailVerified: true,
      provider: 'password',
      isAdmin: false,
      disabledAt: null,
      lastSignInAt: null,
      workspaces: [
        { title: `Alpha ${run}` },
        { title: `Bravo ${run}` },
        { title: `Charlie ${run}` },
      ],
      workspaceCount: 4,
    });
    const before = Date.now();
    expect((await signInWith(user.email, user.password)).statusCode).toBe(200);
    const signedIn = await row();
    expect(Date.parse(signedIn.lastSignInAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a page size that is not 25, 50 or 100, and a page 0', async () => {
    expectError(await asAdmin('GET', '/api/v1/admin/users?pageSize=10'), 400, 'validation_failed');
    expectError(await asAdmin('GET', '/api/v1/admin/users?page=0'), 400, 'validation_failed');
    expect((await asAdmin('GET', '/api/v1/admin/users?pageSize=100')).statusCode).toBe(200);
  });
});

describe('the user page', () => {
  it('lists memberships with roles, live sessions without their tokens, and live API tokens', async () => {
    const colleague = await createUser(t.platform);
    const user = await createUser(t.platform, { phone: '+358401234567' });
    const own = await createWorkspaceWith(t.database.db, [user, colleague], `Own ${run}`);
    const theirs = await createWorkspaceWith(t.database.db, [colleague, user], `Theirs ${run}`);
    const second = await signIn(t.platform, user);
    const token = await call('POST', '/api/v1/me/api-tokens', user.cookie, {
      name: 'Export',
      scope: 'read',
    });
    expect(token.statusCode).toBe(201);

    const response = await asAdmin('GET', `/api/v1/admin/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({
      id: user.id,
      email: user.email,
      phone: '+358401234567',
      isAdmin: false,
      isProductAdmin: false,
      disabledReason: null,
      apiTokenCount: 1,
      workspaceCount: 2,
      memberships: [
        { id: own, title: `Own ${run}`, role: 'edit', type: 'invoice', isVerified: true },
        { id: theirs, title: `Theirs ${run}`, role: 'view', type: 'invoice', isVerified: true },
      ],
    });
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt);
    expect(stored).toHaveLength(2);
    expect(page.sessions.map((session: { id: string }) => session.id)).toEqual(
      stored.map((session) => session.id).reverse(),
    );
    for (const session of page.sessions) {
      expect(Object.keys(session).sort()).toEqual(
        ['createdAt', 'expiresAt', 'id', 'ipAddress', 'updatedAt', 'userAgent'].sort(),
      );
    }
    for (const session of stored) expect(response.body).not.toContain(session.token);
    expect(second).not.toBe('');

    // The admin flag counts only with a verified staff e-mail.
    expect((await asAdmin('GET', `/api/v1/admin/users/${admin.id}`)).json()).toMatchObject({
      isAdmin: true,
      isProductAdmin: true,
    });
    expect((await asAdmin('GET', `/api/v1/admin/users/${offDomain.id}`)).json()).toMatchObject({
      isAdmin: true,
      isProductAdmin: false,
    });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expectError(await asAdmin('GET', `/api/v1/admin/users/${randomUUID()}`), 404, 'not_found');
    expectError(await asAdmin('GET', '/api/v1/admin/users/not-an-id'), 400, 'validation_failed');
    expectError(
      await asAdmin('POST', `/api/v1/admin/users/${randomUUID()}/disable`, {
        reason: 'Fraud case',
      }),
      404,
      'not_found',
    );
  });
});

describe('ending sessions', () => {
  it('ends one session and leaves the other, then ends all; each logged once', async () => {
    const user = await createUser(t.platform);
    const second = await signIn(t.platform, user);
    const [newest] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt)
      .then((rows) => rows.slice(-1));
    if (!newest) throw new Error('no session');

    const one = await asAdmin('POST', `/api/v1/admin/users/${user.id}/sessions/end`, {
      reason: 'Lost phone',
      sessionId: newest.id,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ ended: 1 });
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);

    const all = await asAdmin('POST', `/api/v1/admin/users/${user.id}/sessions/end`, {
      reason: 'Account shared with a former employee',
    });
    expect(all.json()).toEqual({ ended: 1 });
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect(await sessionCount(user.id)).toBe(0);

    // An ended (or unknown) session: 404, nothing logged.
    expectError(
      await asAdmin('POST', `/api/v1/admin/users/${user.id}/sessions/end`, {
        reason: 'Lost phone',
        sessionId: newest.id,
      }),
      404,
      'not_found',
    );
    const lines = await adminLinesOf(user.id);
    expect(lines.map((line) => [line.action, line.data, line.reason])).toEqual([
      ['user.sessions-ended', { ended: 1, sessionId: newest.id }, 'Lost phone'],
      ['user.sessions-ended', { ended: 1 }, 'Account shared with a former employee'],
    ]);
    for (const line of lines) {
      expect(line).toMatchObject({
        adminId: admin.id,
        targetKind: 'user',
        targetLabel: user.email,
        targetUserId: user.id,
        ipAddress: '127.0.0.1',
      });
    }
  });
});

describe('disabling an account', () => {
  it('stops its cookie, sign-in and API token at once; its deals stay; enabling lets it back in', async () => {
    const user = await createUser(t.platform);
    const counterpart = await createUser(t.platform);
    const { deal } = await createDeal(t.database.db, { sender: user, receiver: counterpart });
    const created = await call('POST', '/api/v1/me/api-tokens', user.cookie, {
      name: 'Integration',
      scope: 'read',
    });
    const token = created.json().token as string;
    const withToken = () =>
      call('GET', '/api/v1/me', undefined, undefined, {
        authorization: `Bearer ${token}`,
      });
    expect((await withToken()).statusCode).toBe(200);

    const disabled = await asAdmin('POST', `/api/v1/admin/users/${user.id}/disable`, {
      reason: '  Chargeback fraud  ',
    });
    expect(disabled.statusCode).toBe(204);

    expectError(await me(user.cookie), 401, 'unauthorized');
    expect(await sessionCount(user.id)).toBe(0);
    expectError(await signInWith(user.email, user.password), 403, 'account_disabled');
    // A wrong password tells nothing about the account's state.
    expectError(await signInWith(user.email, 'not-the-password'), 401, 'invalid_credentials');
    expectError(await withToken(), 401, 'token_invalid');
    // The other party still has the deal.
    const seen = await call('GET', `/api/v1/deals/${deal.id}`, counterpart.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().id).toBe(deal.id);

    const row = await userRow(user.id);
    expect(row.disabledReason).toBe('Chargeback fraud');
    expect(row.disabledAt).not.toBeNull();
    const page = (await asAdmin('GET', `/api/v1/admin/users/${user.id}`)).json();
    expect(page).toMatchObject({ disabledReason: 'Chargeback fraud', sessions: [] });
    expect(Date.parse(page.disabledAt)).toBe(row.disabledAt?.getTime());

    // Disabling again changes nothing and writes no second line.
    expect(
      (
        await asAdmin('POST', `/api/v1/admin/users/${user.id}/disable`, {
          reason: 'Another reason',
        })
      ).statusCode,
    ).toBe(204);
    expect((await userRow(user.id)).disabledReason).toBe('Chargeback fraud');

    const enabled = await asAdmin('POST', `/api/v1/admin/users/${user.id}/enable`, {
      reason: 'Chargeback cleared',
    });
    expect(enabled.statusCode).toBe(204);
    expect(
      (await asAdmin('POST', `/api/v1/admin/users/${user.id}/enable`, { reason: 'Again' }))
        .statusCode,
    ).toBe(204);
    const back = await signInWith(user.email, user.password);
    expect(back.statusCode).toBe(200);
    expect((await me(cookieHeader(back.headers['set-cookie']))).statusCode).toBe(200);
    expect((await withToken()).statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ disabledAt: null, disabledReason: null });

    const lines = await adminLinesOf(user.id);
    expect(lines.map((line) => [line.action, line.reason, line.adminId, line.targetLabel])).toEqual(
      [
        ['user.disabled', 'Chargeback fraud', admin.id, user.email],
        ['user.enabled', 'Chargeback cleared', admin.id, user.email],
      ],
    );
    expect(lines[0]?.data).toEqual({ sessionsEnded: 1 });
  });

  it('gives a disabled user no session through a password reset either', async () => {
    const user = await createUser(t.platform);
    expect(
      (await asAdmin('POST', `/api/v1/admin/users/${user.id}/disable`, { reason: 'Spam sender' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('POST', '/api/v1/auth/forgot-password', undefined, { email: user.email }))
        .statusCode,
    ).toBe(204);
    const mail = await waitForMail(t.app, user.email, /Reset your Pactum password/);
    const { code } = codeFromMail(mail);
    const reset = await call('POST', '/api/v1/auth/reset-password', undefined, {
      code,
      password: 'a-new-password',
    });
    expect(reset.statusCode).toBe(204);
    expect(cookieHeader(reset.headers['set-cookie'])).toBe('');
    expect(await sessionCount(user.id)).toBe(0);
    expectError(await signInWith(user.email, 'a-new-password'), 403, 'account_disabled');
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('refuses any new session of a disabled account, and ends the ones left at once (renewal too)', async () => {
    const user = await createUser(t.platform);
    const { token } = (() => {
      const value = decodeURIComponent(user.cookie.split('=')[1] ?? '');
      return { token: value.slice(0, value.lastIndexOf('.')) };
    })();
    // Disabled in the database without its sessions ended: they stop anyway.
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect(await t.platform.readSessionCookie(user.cookie)).toEqual({ kind: 'none' });
    expectError(await me(user.cookie), 401, 'unauthorized');
    // A session due for renewal is not renewed for it.
    const soon = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await t.database.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 25 * 60 * 60 * 1000), expiresAt: soon })
      .where(eq(sessions.token, token));
    expect(await t.platform.readSessionCookie(user.cookie)).toEqual({ kind: 'none' });
    expectError(await me(user.cookie), 401, 'unauthorized');
    const [kept] = await t.database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(kept?.expiresAt.getTime()).toBe(soon.getTime());
    // The auth engine makes no new session for it, whoever asks.
    await expect(createSessionCookie(t.platform.auth, user.id)).rejects.toMatchObject({
      body: { code: 'account_disabled' },
    });
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('refuses to disable yourself or revoke your own flag, changing and logging nothing', async () => {
    expectError(
      await asAdmin('POST', `/api/v1/admin/users/${admin.id}/disable`, { reason: 'Testing it' }),
      409,
      'admin_self',
    );
    expectError(
      await asAdmin('POST', `/api/v1/admin/users/${admin.id}/admin`, {
        reason: 'Testing it',
        isAdmin: false,
      }),
      409,
      'admin_self',
    );
    expect(await userRow(admin.id)).toMatchObject({ isAdmin: true, disabledAt: null });
    expect((await me(admin.cookie)).statusCode).toBe(200);
    expect(await adminLinesOf(admin.id)).toEqual([]);
  });
});

describe('the admin flag', () => {
  it('grants and revokes it, effective at once, each change logged once', async () => {
    // Signed in with a second factor, as the admin area needs once the flag is granted.
    const colleague = await createUser(t.platform, {
      email: `colleague-${run}@pactum.fi`,
      secondFactor: 'totp',
    });
    const grant = { reason: 'New support hire', isAdmin: true };
    expect(
      (await asAdmin('POST', `/api/v1/admin/users/${colleague.id}/admin`, grant)).statusCode,
    ).toBe(204);
    expect((await me(colleague.cookie)).json().isAdmin).toBe(true);
    expect((await call('GET', '/api/v1/admin/users', colleague.cookie)).statusCode).toBe(200);
    // Granting again: nothing changes, nothing logged.
    expect(
      (await asAdmin('POST', `/api/v1/admin/users/${colleague.id}/admin`, grant)).statusCode,
    ).toBe(204);

    const revoke = { reason: 'Left the company', isAdmin: false };
    expect(
      (await asAdmin('POST', `/api/v1/admin/users/${colleague.id}/admin`, revoke)).statusCode,
    ).toBe(204);
    expect((await me(colleague.cookie)).json().isAdmin).toBe(false);
    expectError(await call('GET', '/api/v1/admin/users', colleague.cookie), 403, 'forbidden');
    expect((await userRow(colleague.id)).isAdmin).toBe(false);

    const lines = await adminLinesOf(colleague.id);
    expect(lines.map((line) => [line.action, line.reason, line.adminId])).toEqual([
      ['user.admin-granted', 'New support hire', admin.id],
      ['user.admin-revoked', 'Left the company', admin.id],
    ]);
  });
});

describe('resending the verification mail', () => {
  it('puts a verification mail in the outbox, and refuses a verified address with 409', async () => {
    const user = await createUser(t.platform, { emailVerified: false });
    const before = Date.now();
    const sent = await asAdmin('POST', `/api/v1/admin/users/${user.id}/verification`, {
      reason: 'Mail went to spam',
    });
    expect(sent.statusCode).toBe(204);
    const mail = await waitForMail(t.app, user.email, /Verify your e-mail/, {
      after: before - 1000,
    });
    expect(codeFromMail(mail).mode).toBe('verifyEmail');
    expect((await adminLinesOf(user.id)).map((line) => [line.action, line.reason])).toEqual([
      ['user.verification-resent', 'Mail went to spam'],
    ]);

    const verified = await createUser(t.platform);
    expectError(
      await asAdmin('POST', `/api/v1/admin/users/${verified.id}/verification`, {
        reason: 'Mail went to spam',
      }),
      409,
      'conflict',
    );
    expect(await adminLinesOf(verified.id)).toEqual([]);
  });

  it('shares the user’s own budget: the 6th mail within the hour is refused with 429, none queued', async () => {
    const user = await createUser(t.platform, { emailVerified: false });
    /** Verification mails queued for the user (delivered or not). */
    const queued = async () =>
      (
        (await t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job
              WHERE data->>'to' = ${user.email} AND data->>'template' = 'verify-email'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    const ownResend = () => call('POST', '/api/v1/auth/send-verification', user.cookie, {});
    const adminResend = () =>
      asAdmin('POST', `/api/v1/admin/users/${user.id}/verification`, {
        reason: 'Mail went to spam',
      });
    /** As if a minute had passed: the address may get its next mail. */
    const minuteLater = () => t.platform.rateLimiter.reset(`verify-mail-gap:${user.email}`);
    // The user asks twice, support three times, a minute apart: five mails.
    for (const resend of [ownResend, ownResend, adminResend, adminResend, adminResend]) {
      await minuteLater();
      expect((await resend()).statusCode).toBe(204);
    }
    expect(await queued()).toBe(5);

    await minuteLater();
    const refused = await adminResend();
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The user's own resend is out of the same budget.
    await minuteLater();
    expectError(await ownResend(), 429, 'rate_limited');
    expect(await queued()).toBe(5);
    // The refused resend is not logged as sent.
    expect((await adminLinesOf(user.id)).map((line) => line.action)).toEqual([
      'user.verification-resent',
      'user.verification-resent',
      'user.verification-resent',
    ]);
  });
});

describe('resending in a row', () => {
  it('sends one mail a minute to an address, whoever asks: support right after the user is refused', async () => {
    const user = await createUser(t.platform, { emailVerified: false });
    expect((await call('POST', '/api/v1/auth/send-verification', user.cookie, {})).statusCode).toBe(
      204,
    );
    const refused = await asAdmin('POST', `/api/v1/admin/users/${user.id}/verification`, {
      reason: 'Mail went to spam',
    });
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Support's second click in a row is refused too, and neither refusal is logged.
    await t.platform.rateLimiter.reset(`verify-mail-gap:${user.email}`);
    const first = asAdmin('POST', `/api/v1/admin/users/${user.id}/verification`, {
      reason: 'Mail went to spam',
    });
    expect((await first).statusCode).toBe(204);
    expectError(
      await asAdmin('POST', `/api/v1/admin/users/${user.id}/verification`, {
        reason: 'Mail went to spam',
      }),
      429,
      'rate_limited',
    );
    expect((await adminLinesOf(user.id)).map((line) => line.action)).toEqual([
      'user.verification-resent',
    ]);
  });
});

describe('reasons', () => {
  it('refuses every action whose reason is under 3 characters, logging nothing', async () => {
    const user = await createUser(t.platform, { emailVerified: false });
    for (const route of usersRoutes(user.id).filter((route) => route.method === 'POST')) {
      for (const reason of ['ab', '   ab  ', '']) {
        const payload = { ...(route.payload as object), reason };
        expectError(await asAdmin('POST', route.url, payload), 400, 'validation_failed');
      }
      const withoutReason = { ...(route.payload as object) } as { reason?: string };
      delete withoutReason.reason;
      expectError(await asAdmin('POST', route.url, withoutReason), 400, 'validation_failed');
    }
    expect(await adminLinesOf(user.id)).toEqual([]);
    expect(await userRow(user.id)).toMatchObject({ isAdmin: false, disabledAt: null });
  });
});

/** A sign-in through Google (a real OpenID provider on this machine) of a disabled account. */
describe('single sign-on of a disabled account', () => {
  const GOOGLE = { clientId: 'pactum-google', clientSecret: 'google-client-secret-for-tests' };
  const person: OidcAccount = {
    sub: `google-sub-${run}`,
    email: `sso.person-${run}@example.test`,
    givenName: 'Sso',
    familyName: 'Person',
  };
  let sso: TestApp;
  let oidc: TestOidcProvider;
  let appUrl: string;
  let ssoAdmin: TestUser;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    oidc = await startOidcProvider({
      clients: [{ ...GOOGLE, redirectUris: [`${appUrl}/api/auth/callback/google`] }],
      accounts: [person],
    });
    sso = await createTestApp({
      isWorker: false,
      env: {
        PUBLIC_URL: appUrl,
        GOOGLE_CLIENT_ID: GOOGLE.clientId,
        GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
        GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      },
    });
    await sso.app.listen({ port, host: '127.0.0.1' });
    ssoAdmin = await createUser(sso.platform, {
      isAdmin: true,
      email: `sso-staff-${run}@pactum.fi`,
    });
  });
  afterAll(async () => {
    await sso?.close();
    await oidc?.close();
  });

  async function signInThroughGoogle() {
    const browser = new TestBrowser();
    const start = await browser.request(`${appUrl}/api/v1/auth/sso/google`);
    const callbackUrl = await passProvider(browser, {
      authorizationUrl: start.headers.get('location') ?? '',
      login: person.sub,
      returnTo: `${appUrl}/api/auth/callback/google?`,
    });
    const callback = await browser.request(callbackUrl);
    expect(callback.status).toBe(302);
    return {
      landing: new URL(callback.headers.get('location') ?? '', appUrl),
      cookie: browser.cookie(appUrl),
    };
  }

  const adminCall = (url: string, payload?: unknown) =>
    sso.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers: { origin: appUrl, cookie: ssoAdmin.cookie },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const meOf = (cookie: string) =>
    sso.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });

  it('is logged as a sign-in, refused while disabled, and let in again once enabled', async () => {
    const first = await signInThroughGoogle();
    expect(first.landing.pathname).toBe('/sso/complete');
    const created = await meOf(first.cookie);
    expect(created.statusCode).toBe(200);
    const userId = created.json().id as string;
    const logins = await sso.database.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, userId), eq(authEvents.type, 'login')));
    expect(logins).toHaveLength(1);
    const row = (await adminCall(`/api/v1/admin/users?q=${userId}`)).json().items[0];
    expect(row).toMatchObject({ id: userId, provider: 'google' });
    expect(row.lastSignInAt).not.toBeNull();

    expect(
      (await adminCall(`/api/v1/admin/users/${userId}/disable`, { reason: 'Abuse report' }))
        .statusCode,
    ).toBe(204);
    expect((await meOf(first.cookie)).statusCode).toBe(401);
    const refused = await signInThroughGoogle();
    expect(refused.landing.pathname).toBe('/login');
    expect(refused.landing.searchParams.get('error')).toBe('account_disabled');
    expect((await meOf(refused.cookie)).statusCode).toBe(401);
    const [{ n } = { n: -1 }] = await sso.database
      .query('SELECT count(*)::int AS n FROM session WHERE user_id = $1', [userId])
      .then((result) => result.rows as { n: number }[]);
    expect(n).toBe(0);

    expect(
      (await adminCall(`/api/v1/admin/users/${userId}/enable`, { reason: 'Resolved' })).statusCode,
    ).toBe(204);
    const again = await signInThroughGoogle();
    expect(again.landing.pathname).toBe('/sso/complete');
    expect((await meOf(again.cookie)).json().id).toBe(userId);
  });
});

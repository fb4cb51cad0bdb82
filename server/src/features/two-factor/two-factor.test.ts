import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEvents, sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspaceWith } from '../../test/deal-factory';
import { callApi } from '../../test/drafts-factories';
import { cookieHeader, createUser, type TestUser } from '../../test/factories';
import { base32Decode, totpCode, totpStep } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const api = (
  method: Parameters<typeof callApi>[1],
  url: string,
  cookie: string | undefined,
  payload?: unknown,
) => callApi(t.app, method, url, cookie, payload);

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

/** The code an authenticator app shows now for a base32 secret (or for a step `offset` away). */
const codeFor = (secret: string, offset = 0) =>
  totpCode(base32Decode(secret), totpStep(Date.now()) + offset);

/** Turns on the authenticator app for the user; its secret and recovery codes. */
async function enableTotp(user: TestUser) {
  const setup = await api('POST', '/account/two-factor/totp', user.cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json() as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/Pactum:/);
  const confirmed = await api('POST', '/account/two-factor/totp/confirm', user.cookie, {
    code: codeFor(secret),
  });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/** The password step: its answer and the step cookie. */
async function passwordStep(user: TestUser) {
  const response = await api('POST', '/auth/sign-in', undefined, {
    email: user.email,
    password: user.password,
  });
  return { response, cookie: cookieHeader(response.headers['set-cookie'] as string[]) };
}

describe('two-step sign-in with an authenticator app', () => {
  it('asks for the code after the password, signs in with it once, and never replays it', async () => {
    const user = await createUser(t.platform);
    const wrongFirst = await api('POST', '/account/two-factor/totp', user.cookie);
    const { secret } = wrongFirst.json() as { secret: string };
    // A wrong code does not confirm the app.
    expectError(
      await api('POST', '/account/two-factor/totp/confirm', user.cookie, { code: '000000' }),
      401,
      'second_factor_invalid',
    );
    const confirmed = await api('POST', '/account/two-factor/totp/confirm', user.cookie, {
      code: codeFor(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const status = (await api('GET', '/account/two-factor', user.cookie)).json();
    expect(status).toMatchObject({ recoveryCodesLeft: 10, passkeys: [], hasPassword: true });
    expect((status as { totpEnabledAt: string | null }).totpEnabledAt).not.toBeNull();

    // The password alone opens no session: the answer names the factors, the cookie is a step.
    const step = await passwordStep(user);
    expect(step.response.statusCode).toBe(200);
    expect(step.response.json()).toEqual({ secondFactor: { methods: ['totp', 'recovery'] } });
    expect(step.cookie).toMatch(/^pactum\.second_step=/);
    expectError(await api('GET', '/me', step.cookie), 401, 'unauthorized');

    expectError(
      await api('POST', '/auth/sign-in/code', step.cookie, { code: '123456' }),
      401,
      'second_factor_invalid',
    );
    // The next step's code: the one used to confirm the app is spent.
    const code = codeFor(secret, 1);
    const done = await api('POST', '/auth/sign-in/code', step.cookie, { code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: user.email, hasTwoFactor: true });
    const session = cookieHeader(done.headers['set-cookie'] as string[]);
    expect((await api('GET', '/me', session)).statusCode).toBe(200);
    // The step is used up, and the same code in a new sign-in is refused.
    expectError(
      await api('POST', '/auth/sign-in/code', step.cookie, { code }),
      401,
      'second_factor_expired',
    );
    const again = await passwordStep(user);
    expectError(
      await api('POST', '/auth/sign-in/code', again.cookie, { code }),
      401,
      'second_factor_invalid',
    );
    const [row] = await t.database.db
      .select({ secondFactor: sessions.secondFactor })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt);
    expect(row).toBeDefined();
  });

  it('takes a recovery code once, and the second use is refused', async () => {
    const user = await createUser(t.platform);
    const { recoveryCodes } = await enableTotp(user);
    const recovery = recoveryCodes[0] ?? '';
    const first = await passwordStep(user);
    const used = await api('POST', '/auth/sign-in/code', first.cookie, {
      code: recovery.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    const second = await passwordStep(user);
    expectError(
      await api('POST', '/auth/sign-in/code', second.cookie, { code: recovery }),
      401,
      'second_factor_invalid',
    );
    const status = (await api('GET', '/account/two-factor', user.cookie)).json();
    expect(status).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('counts raced wrong codes once each: the 11th within 15 minutes is refused', async () => {
    const user = await createUser(t.platform);
    const { secret } = await enableTotp(user);
    const step = await passwordStep(user);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api('POST', '/auth/sign-in/code', step.cookie, {
          code: String(100000 + index),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    // Even the right code waits now.
    expectError(
      await api('POST', '/auth/sign-in/code', step.cookie, { code: codeFor(secret, 1) }),
      429,
      'rate_limited',
    );
  });

  it('refuses the second step without its cookie, or with a forged one', async () => {
    expectError(
      await api('POST', '/auth/sign-in/code', undefined, { code: '123456' }),
      401,
      'second_factor_expired',
    );
    expectError(
      await api('POST', '/auth/sign-in/code', 'pactum.second_step=forged', { code: '123456' }),
      401,
      'second_factor_expired',
    );
  });
});

describe('changing factors', () => {
  it('needs a recent sign-in; re-authentication with password and code opens it again', async () => {
    const user = await createUser(t.platform);
    const { secret } = await enableTotp(user);
    const old = new Date(Date.now() - 20 * 60 * 1000);
    await t.database.db
      .update(sessions)
      .set({ authenticatedAt: old })
      .where(eq(sessions.userId, user.id));
    expectError(
      await api('DELETE', '/account/two-factor/totp', user.cookie),
      401,
      'reauthentication_required',
    );
    expectError(
      await api('POST', '/auth/reauthenticate', user.cookie, { password: 'wrong-one' }),
      400,
      'wrong_password',
    );
    expectError(
      await api('POST', '/auth/reauthenticate', user.cookie, { password: user.password }),
      401,
      'second_factor_invalid',
    );
    const again = await api('POST', '/auth/reauthenticate', user.cookie, {
      password: user.password,
      code: codeFor(secret, 1),
    });
    expect(again.statusCode).toBe(204);
    expect((await api('DELETE', '/account/two-factor/totp', user.cookie)).statusCode).toBe(204);
    const [row] = await t.database.db
      .select({ twoFactorAt: users.twoFactorAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.twoFactorAt).toBeNull();
    // Without a factor, the password signs in again at once.
    const step = await passwordStep(user);
    expect(step.response.json()).toMatchObject({ email: user.email });
  });

  it('is the account holder’s alone: signed out, by API token, or someone else’s passkey', async () => {
    const [user, other] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
    expectError(await api('GET', '/account/two-factor', undefined), 401, 'unauthorized');
    expectError(await api('POST', '/account/two-factor/totp', undefined), 401, 'unauthorized');
    const token = await api('POST', '/me/api-tokens', user.cookie, {
      name: 'script',
      scope: 'write',
    });
    const bearer = (token.json() as { token: string }).token;
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/two-factor/totp',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expectError(byToken, 403, 'forbidden');
    expectError(
      await api('DELETE', `/account/passkeys/${other.id}`, user.cookie),
      404,
      'not_found',
    );
  });
});

describe('passkeys', () => {
  it('refuses an answer that no registration or sign-in asked for', async () => {
    const user = await createUser(t.platform);
    expectError(
      await api('POST', '/account/passkeys', user.cookie, {
        name: 'Laptop',
        response: { id: 'abc', type: 'public-key' },
      }),
      400,
      'passkey_invalid',
    );
    const options = await api('POST', '/account/passkeys/options', user.cookie);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      options: { rp: { id: 'localhost', name: 'Pactum' }, attestation: 'none' },
    });
    expectError(
      await api('POST', '/account/passkeys', user.cookie, {
        name: 'Laptop',
        response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} },
      }),
      400,
      'passkey_invalid',
    );
  });
});

describe('the session list', () => {
  it('shows device and times, and signs out everywhere else', async () => {
    const user = await createUser(t.platform);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: {
        origin: 'http://localhost:3000',
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      },
      payload: { email: user.email, password: user.password },
    });
    const phoneCookie = cookieHeader(phone.headers['set-cookie'] as string[]);
    const list = (await api('GET', '/account/sessions', user.cookie)).json() as {
      sessions: { id: string; isCurrent: boolean; device: string }[];
    };
    expect(list.sessions).toHaveLength(2);
    expect(list.sessions.filter((session) => session.isCurrent)).toHaveLength(1);
    expect(list.sessions.map((session) => session.device)).toContain('Safari on iPhone');
    // Someone else's list is theirs alone, and their sessions cannot be ended from here.
    const other = await createUser(t.platform);
    const theirs = (await api('GET', '/account/sessions', other.cookie)).json() as {
      sessions: { id: string }[];
    };
    expect(theirs.sessions).toHaveLength(1);
    expectError(
      await api('DELETE', `/account/sessions/${theirs.sessions[0]?.id}`, user.cookie),
      404,
      'not_found',
    );
    const ended = await api('POST', '/account/sessions/end-others', user.cookie);
    expect(ended.json()).toEqual({ ended: 1 });
    expectError(await api('GET', '/me', phoneCookie), 401, 'unauthorized');
    expect((await api('GET', '/me', user.cookie)).statusCode).toBe(200);
    expect((await api('GET', '/me', other.cookie)).statusCode).toBe(200);
  });
});

describe('a workspace that requires a second factor', () => {
  it('holds members without one at their account settings until they add one', async () => {
    const [owner, member, outsider] = await Promise.all([
      createUser(t.platform),
      createUser(t.platform),
      createUser(t.platform),
    ]);
    const workspaceId = await createWorkspaceWith(t.database.db, [owner, member], 'Strict Oy');
    // Only an administrator, and only one with a factor of their own.
    expectError(
      await api('PUT', `/workspaces/${workspaceId}/security`, owner.cookie, {
        requireTwoFactor: true,
      }),
      409,
      'own_two_factor_first',
    );
    await enableTotp(owner);
    expect(
      (
        await api('PUT', `/workspaces/${workspaceId}/security`, member.cookie, {
          requireTwoFactor: true,
        })
      ).statusCode,
    ).toBe(403);
    expectError(
      await api('PUT', `/workspaces/${workspaceId}/security`, outsider.cookie, {
        requireTwoFactor: true,
      }),
      404,
      'not_found',
    );
    const set = await api('PUT', `/workspaces/${workspaceId}/security`, owner.cookie, {
      requireTwoFactor: true,
    });
    expect(set.statusCode).toBe(204);

    expect((await api('GET', '/me', member.cookie)).json()).toMatchObject({
      hasTwoFactor: false,
      isTwoFactorRequired: true,
    });
    expectError(await api('GET', '/workspaces', member.cookie), 403, 'two_factor_required');
    expectError(await api('GET', '/drafts', member.cookie), 403, 'two_factor_required');
    // The outsider and the owner are not held.
    expect((await api('GET', '/workspaces', outsider.cookie)).statusCode).toBe(200);
    const workspace = (await api('GET', `/workspaces/${workspaceId}`, owner.cookie)).json();
    expect(workspace).toMatchObject({ requireTwoFactor: true });
    await enableTotp(member);
    expect((await api('GET', '/workspaces', member.cookie)).statusCode).toBe(200);
  });
});

describe('the admin area', () => {
  it('needs a session signed in with a second factor, never an API token', async () => {
    const run = Date.now();
    const withoutFactor = await createUser(t.platform, {
      isAdmin: true,
      email: `nofactor-${run}@pactum.fi`,
      secondFactor: null,
    });
    expectError(
      await api('GET', '/admin/users', withoutFactor.cookie),
      403,
      'admin_needs_two_factor',
    );

    const admin = await createUser(t.platform, { isAdmin: true, email: `staff2-${run}@pactum.fi` });
    expect((await api('GET', '/admin/users', admin.cookie)).statusCode).toBe(200);
    const token = await api('POST', '/me/api-tokens', admin.cookie, {
      name: 'mine',
      scope: 'write',
    });
    const bearer = (token.json() as { token: string }).token;
    const byToken = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expectError(byToken, 403, 'admin_token_refused');
  });

  it('asks for a fresh sign-in before disabling a user, and resets a lost factor with a logged reason', async () => {
    const run = Date.now();
    const admin = await createUser(t.platform, { isAdmin: true, email: `staff3-${run}@pactum.fi` });
    const person = await createUser(t.platform);
    const { secret } = await enableTotp(admin);
    await t.database.db
      .update(sessions)
      .set({ authenticatedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(sessions.userId, admin.id));
    expectError(
      await api('POST', `/admin/users/${person.id}/disable`, admin.cookie, {
        reason: 'fraud report',
      }),
      401,
      'reauthentication_required',
    );
    // So do credit adjustments and restoring a deal.
    const workspaceId = await createWorkspaceWith(t.database.db, [person], 'Fresh Oy');
    expectError(
      await api('POST', `/admin/workspaces/${workspaceId}/credits`, admin.cookie, {
        amount: 5,
        reason: 'goodwill',
        idempotencyKey: randomUUID(),
      }),
      401,
      'reauthentication_required',
    );
    expectError(
      await api('POST', `/deals/${randomUUID()}/restore`, admin.cookie, { reason: 'asked' }),
      401,
      'reauthentication_required',
    );
    // Reading the area still works.
    expect((await api('GET', `/admin/users/${person.id}`, admin.cookie)).statusCode).toBe(200);
    await enableTotp(person);
    expect(
      (
        await api('POST', '/auth/reauthenticate', admin.cookie, {
          password: admin.password,
          code: codeFor(secret, 1),
        })
      ).statusCode,
    ).toBe(204);
    const reset = await api('POST', `/admin/users/${person.id}/second-factor/reset`, admin.cookie, {
      reason: 'Lost phone; identity checked by video call',
    });
    expect(reset.statusCode).toBe(204);
    const [log] = await t.database.db
      .select()
      .from(adminEvents)
      .where(eq(adminEvents.targetId, person.id));
    expect(log).toMatchObject({
      action: 'user.second-factor-reset',
      reason: 'Lost phone; identity checked by video call',
      adminId: admin.id,
    });
    // Their sessions ended; the password alone signs in again.
    expectError(await api('GET', '/me', person.cookie), 401, 'unauthorized');
    const step = await passwordStep(person);
    expect(step.response.json()).toMatchObject({ email: person.email, hasTwoFactor: false });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, dealSigners, deals, documentAccess, templates, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieHeader, createUser } from '../../test/factories';
import { codeFromMail, waitForMail } from '../../test/outbox';

let t: TestApp;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({
    env: { SSO_PROTECTED_DOMAINS: 'acme-corp.fi:google,contoso.example:microsoft' },
  });
});
afterAll(() => t?.close());

async function post(
  url: string,
  payload: unknown,
  cookie?: string,
  extra: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...extra },
  });
}

async function me(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
}

let counter = 0;
function newEmail() {
  counter += 1;
  return `Person.${counter}.${Date.now()}@Example.test`;
}

async function registered(overrides: Record<string, unknown> = {}) {
  const email = newEmail();
  const response = await post('/api/v1/auth/sign-up', {
    firstname: 'mary-ann',
    lastname: "o'neil",
    email,
    phone: '+358 40 123 4567',
    password: 'first-password',
    acceptTerms: true,
    ...overrides,
  });
  return {
    response,
    email: email.toLowerCase(),
    cookie: cookieHeader(response.headers['set-cookie'] as string[]),
  };
}

describe('sign-up and e-mail verification', () => {
  it('registers, signs in, and verifies the e-mail through the link in the mail', async () => {
    const { response, email, cookie } = await registered();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email,
      firstname: 'Mary-Ann',
      lastname: "O'Neil",
      name: "Mary-Ann O'Neil",
      phone: '+358401234567',
      emailVerified: false,
      isProfileComplete: true,
    });
    const cookies = response.headers['set-cookie'] as string[];
    expect(cookies.join(';')).toMatch(/HttpOnly/i);
    expect(cookies.join(';')).toMatch(/SameSite=Lax/i);

    const mail = await waitForMail(t.app, email, /Verify your e-mail/);
    const { mode, code } = codeFromMail(mail);
    expect(mode).toBe('verifyEmail');
    const verified = await post('/api/v1/auth/verify-email', { code });
    expect(verified.statusCode).toBe(204);
    expect((await me(cookie)).json()).toMatchObject({ emailVerified: true });
  });

  it('stores a bare phone prefix as no phone', async () => {
    const { response } = await registered({ phone: '+358' });
    expect(response.json().phone).toBeNull();
  });

  it('refuses a bad verification code', async () => {
    const response = await post('/api/v1/auth/verify-email', { code: 'not-a-real-code' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'code_invalid',
      message: 'The link has expired or has already been used. Please ask for a new one.',
    });
  });

  it('refuses a weak password, missing terms and an e-mail already registered', async () => {
    const weak = await registered({ password: '12345' });
    expect(weak.response.statusCode).toBe(400);
    expect(weak.response.json().error.fields).toEqual({ password: 'Too weak password' });
    const noTerms = await registered({ acceptTerms: false });
    expect(noTerms.response.statusCode).toBe(400);
    expect(noTerms.response.json().error.fields.acceptTerms).toMatch(/accept the terms/);

    const first = await registered();
    const again = await post('/api/v1/auth/sign-up', {
      firstname: 'A',
      lastname: 'B',
      email: first.email.toUpperCase(),
      phone: '',
      password: 'another-password',
      acceptTerms: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email_taken');
  });

  it('sends the verification mail again on request, only to a signed-in user', async () => {
    const { email, cookie } = await registered();
    await waitForMail(t.app, email, /Verify your e-mail/);
    const before = Date.now();
    expect((await post('/api/v1/auth/send-verification', {}, cookie)).statusCode).toBe(204);
    await waitForMail(t.app, email, /Verify your e-mail/, { after: before - 1000 });
    // At most one a minute to the address: the next one right away is refused.
    expect((await post('/api/v1/auth/send-verification', {}, cookie)).statusCode).toBe(429);
    // A minute later, as the account page asks: no body at all.
    await t.platform.rateLimiter.reset(`verify-mail-gap:${email}`);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-verification',
      headers: { cookie, origin: t.platform.config.publicUrl },
    });
    expect(bare.statusCode).toBe(204);
    expect((await post('/api/v1/auth/send-verification', {})).statusCode).toBe(401);
  });

  it('leads the verification link back to the page of the app it was asked from', async () => {
    const { email, cookie } = await registered();
    // The sign-up's own mail first: delivered late, it would pass for the one asked for below.
    await waitForMail(t.app, email, /Verify your e-mail/);
    const returnTo = '/dashboard/documents/deals/0b7c9a2e-1f0e-4c55-9d2a-6b1f7d9e0a11/sign';
    const before = Date.now();
    const sent = await post('/api/v1/auth/send-verification', { returnTo }, cookie);
    expect(sent.statusCode).toBe(204);
    const mail = await waitForMail(t.app, email, /Verify your e-mail/, { after: before - 1 });
    expect(mail.text).toContain(`&continue=${encodeURIComponent(returnTo)}`);
    // Only the app's own pages: another site is refused, and nothing is sent for it.
    for (const elsewhere of ['https://evil.example/dashboard', '//evil.example/x', '/api/v1/me']) {
      const refused = await post('/api/v1/auth/send-verification', { returnTo: elsewhere }, cookie);
      expect(refused.statusCode).toBe(400);
    }
  });
});

describe('sign-in and sign-out', () => {
  it('tells an unknown e-mail to register, and a wrong password apart', async () => {
    const unknown = await post('/api/v1/auth/sign-in', {
      email: 'nobody@example.test',
      password: 'whatever',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(
      'No account found with this email address. Please register.',
    );

    const { email } = await registered();
    const wrong = await post('/api/v1/auth/sign-in', { email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
  });

  it('signs in with a new session each time, and signs out for good', async () => {
    const { email, cookie: signupCookie } = await registered();
    const signIn = await post('/api/v1/auth/sign-in', {
      email: email.toUpperCase(),
      password: 'first-password',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().email).toBe(email);
    const cookie = cookieHeader(signIn.headers['set-cookie'] as string[]);
    expect(cookie).not.toBe(signupCookie);
    expect((await me(cookie)).statusCode).toBe(200);

    const signOut = await post('/api/v1/auth/sign-out', {}, cookie);
    expect(signOut.statusCode).toBe(204);
    expect(String(signOut.headers['set-cookie'])).toMatch(/Max-Age=0/i);
    expect((await me(cookie)).statusCode).toBe(401);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const events = await t.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.userId, user?.id ?? ''));
    expect(events.map((e) => e.type).sort()).toEqual(['login', 'logout', 'signup']);
  });

  it('refuses the 11th failed sign-in for one e-mail within 15 minutes, with Retry-After', async () => {
    const { email } = await registered();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await post('/api/v1/auth/sign-in', { email, password: `wrong-${attempt}` });
      expect(response.statusCode).toBe(401);
    }
    const eleventh = await post('/api/v1/auth/sign-in', { email, password: 'first-password' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.code).toBe('rate_limited');
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(eleventh.json().error.retryAfterSeconds).toBe(retryAfter);
  });

  it('checks at most 10 passwords of parallel sign-ins for one e-mail; the right one after them is refused', async () => {
    const { email } = await registered();
    // The right password comes last, after 29 wrong ones sent at the same time: counting and
    // deciding must be one step, or every request passes the check before any is counted.
    const passwords = [
      ...Array.from({ length: 29 }, (_, index) => `wrong-${index}`),
      'first-password',
    ];
    const responses = await Promise.all(
      passwords.map((password) => post('/api/v1/auth/sign-in', { email, password })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const logins = await t.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.userId, user?.id ?? ''));
    expect(logins.map((event) => event.type)).toEqual(['signup']);
  });

  it('clears the count after a successful sign-in', async () => {
    const { email } = await registered();
    for (let attempt = 1; attempt <= 9; attempt++) {
      await post('/api/v1/auth/sign-in', { email, password: `wrong-${attempt}` });
    }
    expect(
      (await post('/api/v1/auth/sign-in', { email, password: 'first-password' })).statusCode,
    ).toBe(200);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await post('/api/v1/auth/sign-in', { email, password: `wrong-${attempt}` });
      expect(response.statusCode).toBe(401);
    }
    expect(
      (await post('/api/v1/auth/sign-in', { email, password: 'first-password' })).statusCode,
    ).toBe(429);
  });

  it('refuses a sign-in posted from another site', async () => {
    const { email } = await registered();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: 'first-password' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('passwords', () => {
  it('resets a forgotten password through the link in the mail; old sessions end', async () => {
    const { email, cookie } = await registered();
    const forgot = await post('/api/v1/auth/forgot-password', { email });
    const unknown = await post('/api/v1/auth/forgot-password', { email: 'nobody@example.test' });
    expect(forgot.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe(forgot.body);

    const mail = await waitForMail(t.app, email, /Reset your Pactum password/);
    const { mode, code } = codeFromMail(mail);
    expect(mode).toBe('resetPassword');
    const reset = await post('/api/v1/auth/reset-password', { code, password: 'second-password' });
    expect(reset.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(
      (await post('/api/v1/auth/sign-in', { email, password: 'first-password' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/v1/auth/sign-in', { email, password: 'second-password' })).statusCode,
    ).toBe(200);
    const reused = await post('/api/v1/auth/reset-password', { code, password: 'third-password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('code_invalid');
  });

  it('changes the password; every other session ends and this one goes on', async () => {
    const { email, cookie } = await registered();
    const other = cookieHeader(
      (await post('/api/v1/auth/sign-in', { email, password: 'first-password' })).headers[
        'set-cookie'
      ] as string[],
    );
    const wrong = await post(
      '/api/v1/auth/change-password',
      { currentPassword: 'not-my-password', newPassword: 'new-password' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_password');

    const changed = await post(
      '/api/v1/auth/change-password',
      { currentPassword: 'first-password', newPassword: 'new-password' },
      cookie,
    );
    expect(changed.statusCode).toBe(204);
    const renewed = cookieHeader(changed.headers['set-cookie'] as string[]);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(renewed || cookie)).statusCode).toBe(200);
    expect(
      (await post('/api/v1/auth/sign-in', { email, password: 'new-password' })).statusCode,
    ).toBe(200);
  });

  it('refuses a password change to a stranger and to a protected-domain user', async () => {
    const stranger = await post('/api/v1/auth/change-password', {
      currentPassword: 'first-password',
      newPassword: 'new-password',
    });
    expect(stranger.statusCode).toBe(401);
    const sso = await createUser(t.platform, { email: `someone-${Date.now()}@acme-corp.fi` });
    const refused = await post(
      '/api/v1/auth/change-password',
      { currentPassword: sso.password, newPassword: 'new-password' },
      sso.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('password_change_not_allowed');
    expect((await me(sso.cookie)).json()).toMatchObject({ isProtectedDomain: true });
  });
});

describe('changing the e-mail address', () => {
  it('changes it when the link mailed to the new address is opened', async () => {
    const { email, cookie } = await registered();
    const newEmail = `moved-${Date.now()}@example.test`;
    const asked = await post(
      '/api/v1/auth/change-email',
      { email: newEmail.toUpperCase() },
      cookie,
    );
    expect(asked.statusCode).toBe(204);
    expect((await me(cookie)).json().email).toBe(email);
    const mail = await waitForMail(t.app, newEmail, /Verify your e-mail/);
    const { code } = codeFromMail(mail);
    expect((await post('/api/v1/auth/verify-email', { code })).statusCode).toBe(204);
    expect((await me(cookie)).json().email).toBe(newEmail);
    expect(
      (await post('/api/v1/auth/sign-in', { email, password: 'first-password' })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/v1/auth/sign-in', { email: newEmail, password: 'first-password' }))
        .statusCode,
    ).toBe(200);
  });

  it('says nothing about an address already in use, and changes nothing', async () => {
    const taken = await registered();
    const { email, cookie } = await registered();
    const asked = await post('/api/v1/auth/change-email', { email: taken.email }, cookie);
    expect(asked.statusCode).toBe(204);
    expect((await me(cookie)).json().email).toBe(email);
  });

  it('refuses strangers, protected domains and bad addresses', async () => {
    expect((await post('/api/v1/auth/change-email', { email: 'x@example.test' })).statusCode).toBe(
      401,
    );
    const { cookie } = await registered();
    const toProtected = await post(
      '/api/v1/auth/change-email',
      { email: 'me@acme-corp.fi' },
      cookie,
    );
    expect(toProtected.statusCode).toBe(403);
    expect(toProtected.json().error.code).toBe('protected_domain');
    const sso = await createUser(t.platform, { email: `sso-${Date.now()}@acme-corp.fi` });
    const fromProtected = await post(
      '/api/v1/auth/change-email',
      { email: 'free@example.test' },
      sso.cookie,
    );
    expect(fromProtected.statusCode).toBe(403);
    expect(fromProtected.json().error.code).toBe('sso_address');
    const bad = await post('/api/v1/auth/change-email', { email: 'not-an-address' }, cookie);
    expect(bad.json().error.fields.email).toBe(
      'Invalid email address, please fix your email address',
    );
  });
});

describe('protected single sign-on domains', () => {
  it('refuses e-mail sign-up and sign-in, naming the provider', async () => {
    const signUp = await registered({ email: `new-${Date.now()}@Acme-Corp.fi` });
    expect(signUp.response.statusCode).toBe(403);
    expect(signUp.response.json().error.message).toBe(
      'This is a protected domain and login is allowed only by using the Google sign in.',
    );
    const signIn = await post('/api/v1/auth/sign-in', {
      email: 'anyone@contoso.example',
      password: 'whatever',
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe(
      'This is a protected domain and login is allowed only by using the Microsoft sign in.',
    );
  });

  it('offers no single sign-on that is not configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json()).toEqual({
      google: false,
      microsoft: false,
    });
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sso/google' });
    expect(start.statusCode).toBe(404);
  });
});

describe('account settings', () => {
  it('saves the user’s own settings, title-casing names, and refuses strangers', async () => {
    const user = await createUser(t.platform);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: {
        firstname: 'jANE',
        lastname: 'doe',
        emailNotifications: 'weekly',
        timezone: 'Europe/Helsinki',
        company: {
          name: 'Acme Oy',
          vat: 'FI1234567',
          department: '',
          costcenter: '',
          www: 'acme.fi',
        },
        address: {
          street1: 'Katu 1',
          street2: '',
          zip: '00100',
          city: 'Helsinki',
          state: '',
          country: 'Finland',
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstname: 'Jane',
      lastname: 'Doe',
      name: 'Jane Doe',
      emailNotifications: 'weekly',
      company: { name: 'Acme Oy' },
      address: { city: 'Helsinki' },
    });
    const stranger = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { firstname: 'X' },
    });
    expect(stranger.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie: user.cookie },
      payload: { firstname: '   ', emailNotifications: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      firstname: 'This field is required',
      emailNotifications: 'Please choose one of the options',
    });
  });

  it('rebuilds the dashboard counters from the records', async () => {
    const user = await createUser(t.platform);
    const empty = await post('/api/v1/me/rebuild-counters', {}, user.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().counts).toEqual({
      templates: 0,
      drafts: 0,
      negotiate: 0,
      sign: 0,
      waiting: 0,
      signed: 0,
      trash: 0,
      workspaces: 0,
    });
    const { db } = t.database;
    const parties = {
      sender: { type: 'business' as const, name: 'A Oy' },
      receiver: { type: 'business' as const, name: 'B Ab' },
    };
    const made = await db
      .insert(deals)
      .values(
        (['negotiate', 'negotiate', 'in-signing', 'in-signing', 'signed', 'trash'] as const).map(
          (state) => ({
            title: 'Deal',
            process: 'negotiate' as const,
            state,
            parties,
            sentBy: user.id,
          }),
        ),
      )
      .returning({ id: deals.id, state: deals.state });
    const signing = made.find((deal) => deal.state === 'in-signing');
    await db.insert(dealSigners).values({
      shortId: `s-${Date.now()}`,
      dealId: signing?.id ?? '',
      party: 'sender',
      firstname: 'Test',
      lastname: 'Signer',
      email: user.email,
      userId: user.id,
    });
    // The Templates count is the library the user sees: their template through its access row.
    const [template] = await db
      .insert(templates)
      .values({ title: 'NDA', createdBy: user.id })
      .returning({ id: templates.id });
    await db.insert(documentAccess).values({
      collection: 'templates',
      documentId: template?.id ?? '',
      userId: user.id,
      role: 'edit',
    });
    const counted = await post('/api/v1/me/rebuild-counters', {}, user.cookie);
    expect(counted.json().counts).toEqual({
      templates: 1,
      drafts: 0,
      negotiate: 2,
      sign: 1,
      waiting: 1,
      signed: 1,
      trash: 1,
      workspaces: 0,
    });
    expect((await post('/api/v1/me/rebuild-counters', {})).statusCode).toBe(401);
  });
});

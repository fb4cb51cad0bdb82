import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieHeader } from '../../test/factories';
import { codeFromMail, type OutboxMessage, waitForMail } from '../../test/outbox';
import { sendVerification } from './service';

let t: TestApp;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });

/** A new account and the code of its verification mail. */
async function registeredWithCode() {
  const email = `verify-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const signUp = await post('/api/v1/auth/sign-up', {
    firstname: 'Vera',
    lastname: 'Once',
    email,
    phone: '+358401234567',
    password: 'first-password',
    acceptTerms: true,
  });
  expect(signUp.statusCode).toBe(201);
  const cookie = cookieHeader(signUp.headers['set-cookie'] as string[]);
  const { code } = codeFromMail(await waitForMail(t.app, email, /Verify your e-mail/));
  return { email, userId: signUp.json().id as string, cookie, code };
}

describe('the e-mail verification link', () => {
  it('works once: a second use is refused as used', async () => {
    const { cookie, code } = await registeredWithCode();
    expect((await post('/api/v1/auth/verify-email', { code })).statusCode).toBe(204);
    const again = await post('/api/v1/auth/verify-email', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('code_invalid');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json().emailVerified).toBe(true);
  });

  it('works once when opened twice at the same moment', async () => {
    const { code } = await registeredWithCode();
    const statuses = (
      await Promise.all([
        post('/api/v1/auth/verify-email', { code }),
        post('/api/v1/auth/verify-email', { code }),
      ])
    ).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([204, 400]);
  });

  it('is not used up by a failed try', async () => {
    const { code } = await registeredWithCode();
    // A tampered code fails and claims nothing; the real one still works afterwards.
    expect((await post('/api/v1/auth/verify-email', { code: `${code}x` })).statusCode).toBe(400);
    expect((await post('/api/v1/auth/verify-email', { code })).statusCode).toBe(204);
  });
});

/*
 * Where the verification link leads back to (issue 37): the page of this app the user asked
 * from, e.g. the deal they are to sign, and never anywhere else. An address of another site is
 * refused by the route and ignored by the service, whoever calls it.
 */

const SIGN_PATH = '/dashboard/documents/deals/0b7c9a2e-1f0e-4c55-9d2a-6b1f7d9e0a11/sign';
/** Addresses that lead off this app, or to no page of it. */
const ELSEWHERE = [
  'https://evil.example/dashboard/documents',
  'http://localhost:3000/dashboard/home',
  '//evil.example/dashboard/home',
  '/\\evil.example/dashboard',
  'javascript:alert(1)',
  '/dashboard/../api/v1/me',
  '/dashboard/home?next=https://evil.example',
  '/dashboard/home#//evil.example',
  '/api/v1/me',
  'dashboard/home',
];

/** The verification link of the newest mail to `email` sent at or after `after`. */
async function linkOfMail(email: string, after: number): Promise<URL> {
  const mail: OutboxMessage = await waitForMail(t.app, email, /Verify your e-mail/, { after });
  const link = mail.text.match(/https?:\/\/\S+\/verify\/email\?\S+/)?.[0];
  if (!link) throw new Error(`No verification link in: ${mail.text}`);
  return new URL(link);
}

describe('the verification link’s way back', () => {
  it('leads to the page of the app it was asked from, on this site', async () => {
    const { email, cookie } = await registeredWithCode();
    const before = Date.now();
    const sent = await post('/api/v1/auth/send-verification', { returnTo: SIGN_PATH }, cookie);
    expect(sent.statusCode).toBe(204);
    const link = await linkOfMail(email, before);
    expect(link.origin).toBe(t.platform.config.publicUrl);
    expect(link.pathname).toBe('/verify/email');
    expect(link.searchParams.get('continue')).toBe(SIGN_PATH);
  });

  it('refuses an address of another site or outside the app, and sends nothing for it', async () => {
    const { email, cookie } = await registeredWithCode();
    const before = Date.now();
    for (const returnTo of ELSEWHERE) {
      const refused = await post('/api/v1/auth/send-verification', { returnTo }, cookie);
      expect(refused.statusCode, returnTo).toBe(400);
    }
    const outbox = (
      await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })
    ).json() as OutboxMessage[];
    expect(
      outbox.filter((mail) => mail.to === email && Date.parse(mail.createdAt) >= before),
    ).toEqual([]);
  });

  it('ignores such an address from any other caller: the link then leads nowhere but home', async () => {
    for (const returnTo of ['https://evil.example/dashboard/home', '//evil.example/dashboard']) {
      // A new person each time, so the mail read is this one's.
      const { email, userId } = await registeredWithCode();
      const before = Date.now();
      await sendVerification(t.platform, { userId, email, isVerified: false, returnTo });
      const link = await linkOfMail(email, before);
      expect(link.searchParams.get('continue')).toBeNull();
      expect(link.href).not.toContain('evil.example');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieHeader } from '../../test/factories';
import { codeFromMail, waitForMail } from '../../test/outbox';

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
  return { cookie, code };
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

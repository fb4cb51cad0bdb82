import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

const ORIGIN = 'http://localhost:3000';
/** Room for the office test below; small enough that the test can drain it. */
const SMALL_BUDGET = 5;

let t: TestApp;
let small: TestApp;

beforeAll(async () => {
  [t, small] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { SIGN_UP_PER_IP_PER_HOUR: String(SMALL_BUDGET) } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), small?.close()]);
});

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `office.${counter}.${Date.now()}@example.test`;
}

/** A sign-up as the browser sends it, from `ip`. */
function signUp(app: TestApp, ip: string, email: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: ip,
    headers: { origin: ORIGIN },
    payload: {
      firstname: 'Olli',
      lastname: 'Office',
      email,
      phone: '',
      password: 'office-password',
      acceptTerms: true,
    },
  });
}

/** The wait a 429 names, from its Retry-After header and its body, which must agree. */
function waitOf(response: Awaited<ReturnType<typeof signUp>>): number {
  expect(response.statusCode).toBe(429);
  const body = response.json();
  expect(body.error.code).toBe('rate_limited');
  const header = Number(response.headers['retry-after']);
  expect(Number.isInteger(header)).toBe(true);
  expect(body.error.retryAfterSeconds).toBe(header);
  return header;
}

describe('sign-up limits', () => {
  // Thirty password hashes take a while on a busy machine.
  it('lets 30 people of one office behind one address register together', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => signUp(t, '198.51.100.7', newEmail())),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(201));
  }, 120_000);

  it('refuses a sixth sign-up for one e-mail address within the hour, with the wait', async () => {
    const email = newEmail();
    const ip = '198.51.100.20';
    expect((await signUp(t, ip, email)).statusCode).toBe(201);
    for (let attempt = 2; attempt <= 5; attempt++) {
      expect((await signUp(t, ip, email)).statusCode).toBe(409);
    }
    // From another address too: the limit belongs to the e-mail address.
    const sixth = await signUp(t, '203.0.113.9', email);
    const wait = waitOf(sixth);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    // Someone else in the same office is not held up by it.
    expect((await signUp(t, ip, newEmail())).statusCode).toBe(201);
  });

  it('stops mass sign-up from one address when its budget is spent, and says when to retry', async () => {
    const ip = '192.0.2.44';
    for (let person = 0; person < SMALL_BUDGET; person++) {
      expect((await signUp(small, ip, newEmail())).statusCode).toBe(201);
    }
    const refused = await signUp(small, ip, newEmail());
    // The bucket refills one sign-up every hour / budget: that is the wait, not a whole hour.
    const interval = (60 * 60) / SMALL_BUDGET;
    const wait = waitOf(refused);
    expect(wait).toBeGreaterThan(interval - 60);
    expect(wait).toBeLessThanOrEqual(interval);
    // Refused attempts take nothing: trying again does not push the wait out.
    const again = await signUp(small, ip, newEmail());
    expect(waitOf(again)).toBeLessThanOrEqual(wait);
    // Another address has its own budget.
    expect((await signUp(small, '192.0.2.45', newEmail())).statusCode).toBe(201);
  });

  it('gives one sign-up back once the bucket has refilled by one', async () => {
    const ip = '192.0.2.60';
    for (let person = 0; person < SMALL_BUDGET; person++) {
      expect((await signUp(small, ip, newEmail())).statusCode).toBe(201);
    }
    expect((await signUp(small, ip, newEmail())).statusCode).toBe(429);
    // An interval passes: the bucket's fill time moves one interval closer.
    const interval = (60 * 60) / SMALL_BUDGET;
    await small.database.db
      .update(rateLimits)
      .set({ resetAt: sql`${rateLimits.resetAt} - make_interval(secs => ${interval})` })
      .where(eq(rateLimits.key, `sign-up-ip:${ip}`));
    expect((await signUp(small, ip, newEmail())).statusCode).toBe(201);
    expect((await signUp(small, ip, newEmail())).statusCode).toBe(429);
  });
});

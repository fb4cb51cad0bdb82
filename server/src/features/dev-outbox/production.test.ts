import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createWorkspaceWith } from '../../test/deal-factory';
import { cookieHeader, createUser } from '../../test/factories';
import {
  freePort,
  runServerProcessToExit,
  type ServerProcess,
  startServerProcess,
} from '../../test/processes';
import { cardWorkspaceOrder, testCard } from '../../test/workspace-order';

/*
 * Production fails closed: the dev outbox (every link and code, readable without signing in)
 * and the test card processor (credits for card 4242) exist there only when named in the
 * configuration, and a production start without any way to deliver mail is refused.
 */

const card = testCard();

/** A card workspace buying 2000 credits: what the test processor would sell for card 4242. */
const cardOrder = () => cardWorkspaceOrder({ credits: 2000 });

describe('production in-process', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('has no dev outbox and no test card processor with SMTP alone; buying credits is 503', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' },
      isWorker: false,
    });
    apps.push(t);
    expect(t.platform.payments).toBeUndefined();
    for (const url of [
      '/dev/outbox.json',
      '/dev/outbox',
      '/api/v1/test-processor/3ds/x',
      '/dev/clock',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    // The schedulers' clock is the system's and nothing moves it.
    expect(t.platform.clock.isMovable).toBe(false);
    await expect(t.platform.clock.move(86_400_000)).rejects.toThrow();
    expect(
      (await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 1 } }))
        .statusCode,
    ).toBe(404);
    const user = await createUser(t.platform);
    const workspaceId = await createWorkspaceWith(t.platform.database.db, [user]);
    await t.platform.database.db
      .update(workspaces)
      .set({ type: 'card' })
      .where(eq(workspaces.id, workspaceId));
    const headers = { origin: 'http://localhost:3000', cookie: user.cookie };
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${workspaceId}/credits`,
      headers,
      payload: { credits: 2000, card, confirm: true, idempotencyKey: randomUUID() },
    });
    expect(bought.statusCode).toBe(503);
    expect(bought.json().error).toEqual({
      code: 'payments_not_configured',
      message: 'Card payments are not configured.',
      params: {},
    });
    // A card workspace is refused before it exists: it could not be paid for.
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers,
      payload: cardOrder(),
    });
    expect(ordered.statusCode).toBe(503);
    const made = await t.platform.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.title, 'Acme workspace'));
    expect(made).toEqual([]);
  });

  it('has both when named: DEV_OUTBOX=1 and TEST_PAYMENTS=1', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', DEV_OUTBOX: '1', TEST_PAYMENTS: '1' },
      isWorker: false,
    });
    apps.push(t);
    expect(t.platform.payments?.kind).toBe('test');
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(200);
  });
});

describe('production as a process', () => {
  let server: ServerProcess | undefined;
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('refuses to start without a way to deliver mail, saying why', async () => {
    const { code, output } = await runServerProcessToExit({ NODE_ENV: 'production' });
    expect(code).not.toBe(0);
    expect(output).toContain('SMTP_URL: needed in production');
    expect(output).toContain('DEV_OUTBOX=1');
  });

  it('with SMTP serves the API, without the dev outbox or card 4242', async () => {
    // Nothing is delivered here: the mailer makes no connection at start.
    const smtpPort = await freePort();
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    server = await startServerProcess({
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
    const { url } = server;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/dev/outbox.json`)).status).toBe(404);
    expect((await fetch(`${url}/dev/outbox`)).status).toBe(404);

    const headers = { origin: url, 'content-type': 'application/json' };
    const signUp = await fetch(`${url}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        firstname: 'Eve',
        lastname: 'Buyer',
        email: `eve-${randomUUID()}@example.test`,
        phone: '+358401234567',
        password: 'eve-password',
        acceptTerms: true,
      }),
    });
    expect(signUp.status).toBe(201);
    const cookie = cookieHeader(signUp.headers.getSetCookie());
    const bought = await fetch(`${url}/api/v1/workspaces`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(cardOrder()),
    });
    expect(bought.status).toBe(503);
    expect(((await bought.json()) as { error: { code: string } }).error.code).toBe(
      'payments_not_configured',
    );
    // The start said what is off.
    expect(server.output()).toContain('card payments are off');
  });
});

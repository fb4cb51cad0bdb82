import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { recordStatements } from '../../db/statement-log';
import { createTestApp, listenLive, type TestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';
import { alwaysValid, fakeSocket } from '../../test/fake-socket';
import { type LiveTestClient, openLive } from '../../test/live-client';
import { type ServerProcess, signUpOnServer, startServerProcess } from '../../test/processes';
import { createRealtime } from './realtime';

const ORIGIN = 'http://localhost:3000';

describe('the live socket on one server', () => {
  let t: TestApp;
  let url: string;
  let cookie: string;
  let otherCookie: string;
  let userId: string;
  let otherUserId: string;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ isWorker: false });
    url = await listenLive(t);
    const user = await createUser(t.platform);
    const other = await createUser(t.platform);
    userId = user.id;
    otherUserId = other.id;
    cookie = user.cookie;
    otherCookie = other.cookie;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t?.close();
  });

  it('refuses a socket from a foreign Origin', async () => {
    await expect(openLive(url, { origin: 'https://evil.example', cookie })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('refuses a socket without an Origin', async () => {
    await expect(openLive(url, { cookie })).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a socket without a session, or with a forged one', async () => {
    await expect(openLive(url, { origin: ORIGIN })).rejects.toMatchObject({ status: 401 });
    await expect(
      openLive(url, { origin: ORIGIN, cookie: 'pactum.session_token=not-a-real-token.c2ln' }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('delivers events of a topic the user may watch, after commit only', async () => {
    const client = await openLive(url, { origin: ORIGIN, cookie });
    clients.push(client);
    client.send({ type: 'subscribe', topic: `user:${userId}` });
    await client.next((m) => m.type === 'subscribed');

    await expect(
      t.database.db.transaction(async (tx) => {
        await t.platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'rolled.back' });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    await t.database.db.transaction((tx) =>
      t.platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'committed' }),
    );
    const event = await client.next((m) => m.type === 'event');
    expect(event).toEqual({ type: 'event', event: { topic: `user:${userId}`, type: 'committed' } });
    expect(client.messages.some((m) => m.type === 'event' && m.event.type === 'rolled.back')).toBe(
      false,
    );
  });

  it("sends a transaction's events in one statement as it ends, in the order published", async () => {
    const client = await openLive(url, { origin: ORIGIN, cookie });
    clients.push(client);
    client.send({ type: 'subscribe', topic: `user:${userId}` });
    await client.next((m) => m.type === 'subscribed');

    const types = ['first', 'second', 'third'];
    const { statements } = await recordStatements(() =>
      t.database.db.transaction(async (tx) => {
        for (const type of types)
          await t.platform.realtime.publish(tx, { topic: `user:${userId}`, type });
      }),
    );
    expect(statements.filter((statement) => statement.includes('pg_notify'))).toHaveLength(1);
    await client.next((m) => m.type === 'event' && m.event.type === 'third');
    expect(client.messages.flatMap((m) => (m.type === 'event' ? [m.event.type] : []))).toEqual(
      types,
    );
  });

  it("refuses to subscribe another user's topic or an unknown kind", async () => {
    const client = await openLive(url, { origin: ORIGIN, cookie: otherCookie });
    clients.push(client);
    client.send({ type: 'subscribe', topic: `user:${userId}` });
    expect(await client.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'forbidden',
      topic: `user:${userId}`,
    });
    client.send({ type: 'subscribe', topic: 'nosuchkind:1' });
    expect(
      await client.next((m) => m.type === 'error' && m.topic === 'nosuchkind:1'),
    ).toMatchObject({
      code: 'forbidden',
    });
    // Nothing published for the first user reaches the second.
    await t.database.db.transaction((tx) =>
      t.platform.realtime.publish(tx, { topic: `user:${userId}`, type: 'private' }),
    );
    client.send({ type: 'subscribe', topic: `user:${otherUserId}` });
    await client.next((m) => m.type === 'subscribed');
    expect(client.messages.some((m) => m.type === 'event')).toBe(false);
  });

  it('answers a malformed message without closing', async () => {
    const client = await openLive(url, { origin: ORIGIN, cookie });
    clients.push(client);
    client.socket.send('not json');
    expect(await client.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'bad_message',
    });
    client.send({ type: 'ping' });
    expect(await client.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
  });
});

describe('events between two servers on one database', () => {
  let database: TestDatabase;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await database?.close();
  });

  it('delivers an event published on server A to a socket on server B', async () => {
    let apiA: string;
    let liveB: string;
    let originB: string;
    if (database.url) {
      // PostgreSQL: two real server processes, as in production behind a load balancer.
      const a: ServerProcess = await startServerProcess({ DATABASE_URL: database.url });
      stops.push(() => a.stop());
      const b: ServerProcess = await startServerProcess({ DATABASE_URL: database.url });
      stops.push(() => b.stop());
      apiA = a.url;
      liveB = `${b.url.replace('http', 'ws')}/api/v1/live`;
      originB = b.url;
    } else {
      // Embedded PGlite lives inside one process: two app instances share it, each with its
      // own LISTEN, which is the same NOTIFY path the processes above take.
      const a = await createTestApp({ database, isWorker: false });
      stops.push(() => a.close());
      const b = await createTestApp({ database, isWorker: false });
      stops.push(() => b.close());
      apiA = (await listenLive(a)).replace('ws', 'http').replace('/api/v1/live', '');
      liveB = await listenLive(b);
      originB = ORIGIN;
    }
    // Register through server A, as a person would; the session works on B too.
    const user = await signUpOnServer(apiA, `live-${Date.now()}@example.test`, {
      firstname: 'Ada',
      lastname: 'Live',
    });
    const { cookie } = user;
    const client = await openLive(liveB, { origin: originB, cookie });
    stops.push(async () => client.close());
    client.send({ type: 'subscribe', topic: `user:${user.id}` });
    await client.next((m) => m.type === 'subscribed');

    const response = await fetch(`${apiA}/api/v1/me`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fi' }),
    });
    expect(response.status).toBe(200);
    expect(await client.next((m) => m.type === 'event')).toEqual({
      type: 'event',
      event: { topic: `user:${user.id}`, type: 'user.updated' },
    });
  });
});

describe('the hub when its database listener is lost', () => {
  it('says it is not listening, and tells every socket to resync once it listens again', async () => {
    let onState: ((isListening: boolean) => void) | undefined;
    const database = {
      kind: 'postgres',
      async listen(_channel: string, _onPayload: unknown, state?: (isListening: boolean) => void) {
        onState = state;
        return async () => {};
      },
    } as unknown as Database;
    const realtime = createRealtime(database);
    expect(realtime.isListening).toBe(false);
    await realtime.start();
    expect(realtime.isListening).toBe(true);
    const first = fakeSocket();
    const second = fakeSocket();
    realtime.attach(first.socket, { userId: 'u1', ...alwaysValid });
    realtime.attach(second.socket, { userId: 'u2', ...alwaysValid });

    onState?.(false);
    expect(realtime.isListening).toBe(false);
    expect(first.sent).toEqual([{ type: 'ready', userId: 'u1' }]);

    onState?.(true);
    expect(realtime.isListening).toBe(true);
    expect(first.sent).toEqual([{ type: 'ready', userId: 'u1' }, { type: 'resync' }]);
    expect(second.sent).toEqual([{ type: 'ready', userId: 'u2' }, { type: 'resync' }]);

    await realtime.stop();
    expect(realtime.isListening).toBe(false);
  });
});

describe('access checks when the database fails', () => {
  it('answer no to a stranger, but fail rather than answer no while the database is away', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({ database, isWorker: false });
    const stranger = await createUser(t.platform);
    const someone = '00000000-0000-4000-8000-000000000001';
    const topics = [
      `deal:${someone}`,
      `draft:${someone}`,
      `template:${someone}`,
      `workspace:${someone}`,
      `comments:${someone}_sender`,
    ];
    for (const topic of topics) {
      expect(await t.platform.realtime.canSubscribe(stranger.id, topic)).toBe(false);
    }
    // The app stops, its checks stay registered; then the database goes away. A no now would
    // unsubscribe every socket whose check ran during a failover.
    await t.close();
    await database.close();
    for (const topic of topics) {
      await expect(t.platform.realtime.canSubscribe(stranger.id, topic)).rejects.toThrow();
    }
  });
});

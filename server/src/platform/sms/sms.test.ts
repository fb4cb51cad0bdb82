import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../../test/app';

describe('SMS without a gateway: the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('keeps a queued SMS in the outbox, marked as SMS with the phone number', async () => {
    await t.database.db.transaction((tx) =>
      t.platform.sms.queue(tx, { to: '+358401234567', text: 'Your code is 123456' }),
    );
    const items = await eventually(async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json() as {
        kind: string;
        to: string;
        text: string;
      }[];
      return list.length > 0 ? list : undefined;
    });
    expect(items[0]).toMatchObject({
      kind: 'sms',
      to: '+358401234567',
      text: 'Your code is 123456',
    });
  });
});

describe('SMS through an HTTP gateway', () => {
  let t: TestApp;
  let gateway: http.Server;
  let failuresLeft = 1;
  const received: { body: Record<string, string>; auth: string | undefined }[] = [];

  beforeAll(async () => {
    gateway = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => {
        if (failuresLeft > 0) {
          failuresLeft--;
          response.writeHead(503).end();
          return;
        }
        received.push({ body: JSON.parse(raw), auth: request.headers.authorization });
        response.writeHead(202).end();
      });
    });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');
    const { port } = gateway.address() as AddressInfo;
    t = await createTestApp({
      env: { SMS_GATEWAY_URL: `http://127.0.0.1:${port}/send`, SMS_GATEWAY_TOKEN: 'gw-secret' },
    });
  });
  afterAll(async () => {
    await t?.close();
    gateway.close();
  });

  it('posts the message to the gateway, retrying after a failure', async () => {
    await t.database.db.transaction((tx) =>
      t.platform.sms.queue(tx, { to: '+46701234567', text: 'Hello' }),
    );
    const message = await eventually(() => received[0], 20_000);
    expect(message.body).toMatchObject({ to: '+46701234567', text: 'Hello', from: 'Pactum' });
    expect(message.body.reference).toBeTruthy();
    expect(message.auth).toBe('Bearer gw-secret');
    expect(failuresLeft).toBe(0);
  });
});

import type { AccessList } from '@pactum/core/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenLive, type TestApp } from '../../test/app';
import { createUsers, type TestUser } from '../../test/factories';
import { type LiveTestClient, openLive } from '../../test/live-client';
import { caller, makeTemplate, ORIGIN } from './test-support';

let t: TestApp;
let url: string;
let owner: TestUser;
let viewer: TestUser;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  url = await listenLive(t);
  [owner, viewer] = await createUsers(t.platform, 2);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t?.close();
});

async function watch(user: TestUser, topic: string) {
  const client = await openLive(url, { origin: ORIGIN, cookie: user.cookie });
  clients.push(client);
  client.send({ type: 'subscribe', topic });
  await client.next((m) => m.type === 'subscribed' && m.topic === topic);
  return client;
}

const publish = (topic: string, type: string) =>
  t.database.db.transaction((tx) => t.platform.realtime.publish(tx, { topic, type }));

const hasEvent = (client: LiveTestClient, type: string) =>
  client.messages.some((m) => m.type === 'event' && m.event.type === type);

describe('live events after access ends', () => {
  it('stop at the next event for a user whose access was removed; others still get it', async () => {
    const call = caller(t);
    const template = await makeTemplate(t, owner.cookie);
    const accessUrl = `/templates/${template.id}/access`;
    const shared = await call('POST', accessUrl, owner.cookie, {
      emails: [viewer.email],
      role: 'view',
    });
    expect(shared.statusCode).toBe(201);
    const topic = `template:${template.id}`;
    const ownerLive = await watch(owner, topic);
    const viewerLive = await watch(viewer, topic);

    await publish(topic, 'before.removal');
    await ownerLive.next((m) => m.type === 'event' && m.event.type === 'before.removal');
    await viewerLive.next((m) => m.type === 'event' && m.event.type === 'before.removal');

    const list = (await call('GET', accessUrl, owner.cookie)).json() as AccessList;
    const entry = list.entries.find((e) => e.userId === viewer.id);
    expect((await call('DELETE', `${accessUrl}/${entry?.id}`, owner.cookie)).statusCode).toBe(204);

    await publish(topic, 'after.removal');
    await ownerLive.next((m) => m.type === 'event' && m.event.type === 'after.removal');
    // The viewer's subscription ends with a 'forbidden' instead of the event.
    await viewerLive.next((m) => m.type === 'error' && m.code === 'forbidden' && m.topic === topic);
    expect(hasEvent(viewerLive, 'after.removal')).toBe(false);

    // Later events do not reach the viewer either; the owner still hears them.
    await publish(topic, 'later');
    await ownerLive.next((m) => m.type === 'event' && m.event.type === 'later');
    // Both sockets' deliveries of one event are decided together; one more round trip to be sure.
    viewerLive.send({ type: 'ping' });
    await viewerLive.next((m) => m.type === 'pong');
    expect(hasEvent(viewerLive, 'later')).toBe(false);
  });
});

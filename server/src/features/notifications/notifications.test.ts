import type { NotificationList } from '@pactum/core/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenLive, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { createUsers, type TestUser } from '../../test/factories';
import { openLive } from '../../test/live-client';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let liveUrl: string;
let sender: TestUser;
let receiver: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  liveUrl = await listenLive(t);
  [sender, receiver, stranger, otherWorkspaceUser] = await createUsers(t.platform, 4);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
});
afterAll(() => t?.close());

async function call(method: string, url: string, user: TestUser | null, body?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: { origin: ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

const list = async (user: TestUser) => {
  const response = await call('GET', '/notifications', user);
  expect(response.statusCode).toBe(200);
  return response.json() as NotificationList;
};

/** The receiver counters a section of a new deal: the sender's users are notified. */
async function counter(title = 'Service agreement') {
  const made = await createDeal(t.database.db, { sender, receiver, state: 'negotiate', title });
  const section = made.sections.find((s) => s.title === 'Payment');
  const url = `/deals/${made.deal.id}/sections/${section?.id}`;
  for (const days of [14, 21]) {
    expect((await call('POST', `${url}/lock`, receiver)).statusCode).toBe(200);
    const detail = (await call('GET', `/deals/${made.deal.id}`, receiver)).json();
    const current = detail.sections.find((s: { id: string }) => s.id === section?.id);
    const saved = await call('PUT', url, receiver, {
      title: 'Payment',
      html: `<p>Invoices are paid in ${days} days.</p>`,
      baseLogLength: current.log.length,
    });
    expect(saved.statusCode).toBe(200);
  }
  return made;
}

describe('notifications', () => {
  it('the other party is told of an edit; two edits by one person merge into one line', async () => {
    const made = await counter('Supply terms');
    const { items, unseen } = await list(sender);
    const item = items.find((candidate) => candidate.documentId === made.deal.id);
    expect(item).toMatchObject({
      event: 'section-edit',
      collection: 'deals',
      documentTitle: 'Supply terms',
      sectionTitle: 'Payment',
      fromName: receiver.name,
      count: 2,
      isSeen: false,
    });
    expect(item?.ids).toHaveLength(2);
    expect(unseen).toBeGreaterThanOrEqual(2);
    // The actor is not notified of their own edits.
    expect((await list(receiver)).items.some((i) => i.documentId === made.deal.id)).toBe(false);
  });

  it('marks seen and clears only the caller’s own, and tells the user’s other tabs', async () => {
    const made = await counter();
    const mine = (await list(sender)).items.find((i) => i.documentId === made.deal.id);
    const ids = mine?.ids ?? [];
    const live = await openLive(liveUrl, { origin: ORIGIN, cookie: sender.cookie });
    live.send({ type: 'subscribe', topic: `user:${sender.id}` });
    await live.next((m) => m.type === 'subscribed');

    // Others cannot touch them: nothing of theirs matches the ids.
    for (const other of [stranger, otherWorkspaceUser, receiver]) {
      const seen = await call('POST', '/notifications/seen', other, { ids });
      expect(seen.statusCode).toBe(200);
      const cleared = await call('POST', '/notifications/clear', other, { ids });
      expect(cleared.statusCode).toBe(200);
    }
    const untouched = (await list(sender)).items.find((i) => i.documentId === made.deal.id);
    expect(untouched).toMatchObject({ isSeen: false, count: 2 });

    const seen = await call('POST', '/notifications/seen', sender, { ids });
    expect(seen.statusCode).toBe(200);
    expect(
      (seen.json() as NotificationList).items.find((i) => i.documentId === made.deal.id),
    ).toMatchObject({ isSeen: true });
    expect(await live.next((m) => m.type === 'event')).toMatchObject({
      event: { topic: `user:${sender.id}`, type: 'notifications.changed' },
    });

    const cleared = await call('POST', '/notifications/clear', sender, { ids });
    expect(
      (cleared.json() as NotificationList).items.some((i) => i.documentId === made.deal.id),
    ).toBe(false);
    live.close();
  });

  it('refuses anonymous callers and bad ids', async () => {
    expect((await call('GET', '/notifications', null)).statusCode).toBe(401);
    expect((await call('POST', '/notifications/clear', null, {})).statusCode).toBe(401);
    const bad = await call('POST', '/notifications/seen', sender, { ids: ['not-an-id'] });
    expect(bad.statusCode).toBe(400);
  });

  it('clears all at once', async () => {
    await counter();
    expect((await list(sender)).items.length).toBeGreaterThan(0);
    const cleared = await call('POST', '/notifications/clear', sender, {});
    expect(cleared.json()).toEqual({ items: [], unseen: 0 });
  });
});

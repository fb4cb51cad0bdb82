import { randomUUID } from 'node:crypto';
import { PUSH_LIMIT } from '@pactum/core/notifications';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { apiAs } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { notifyUsers } from './notify';

/*
 * Toasts (spec 1 §4: a push is shown once, then pushedAt is set): POST /notifications/push
 * hands each notification to one call only, recent ones to show, older ones just marked.
 */

type PushAnswer = {
  items: { event: string; documentId: string; documentTitle: string; fromName: string | null }[];
};

let t: TestApp;
let actor: TestUser;
const api = apiAs(() => t.app);

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  actor = await createUser(t.platform, { name: 'Rick Receiver' });
});
afterAll(() => t?.close());

/** A notification of a deal of its own for the user, from `actor`; its id. */
async function notify(user: TestUser, title: string): Promise<string> {
  const documentId = randomUUID();
  await t.database.db.transaction((tx) =>
    notifyUsers(t.platform, tx, {
      userIds: [user.id],
      actorId: actor.id,
      collection: 'deals',
      documentId,
      event: 'section-edit',
      data: { dealTitle: title, sectionTitle: 'Payment' },
    }),
  );
  const [row] = await t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.documentId, documentId));
  if (!row) throw new Error('not notified');
  return row.id;
}

const push = async (user: TestUser) => {
  const response = await api('POST', '/notifications/push', user, {});
  expect(response.statusCode).toBe(200);
  return response.json() as PushAnswer;
};

describe('POST /notifications/push', () => {
  it('hands each notification to one of two tabs asking at once, and then to nobody', async () => {
    const user = await createUser(t.platform);
    const titles = ['Lease', 'Supply', 'Service'];
    for (const title of titles) await notify(user, title);
    const [first, second] = await Promise.all([push(user), push(user)]);
    const shown = [...(first?.items ?? []), ...(second?.items ?? [])];
    // Every one shown once, in one tab or the other.
    expect(shown.map((item) => item.documentTitle).sort()).toEqual([...titles].sort());
    expect(shown[0]).toMatchObject({ event: 'section-edit', fromName: 'Rick Receiver' });
    expect((await push(user)).items).toEqual([]);
    // Pushed is not seen: the menu still has them as new.
    const menu = (await api('GET', '/notifications', user)).json() as { unseen: number };
    expect(menu.unseen).toBe(3);
  });

  it('shows the newest few; older and overflowing ones are only marked', async () => {
    const user = await createUser(t.platform);
    const old = await notify(user, 'Old lease');
    await t.database.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(notifications.id, old));
    const recent: string[] = [];
    for (let index = 1; index <= PUSH_LIMIT + 2; index++) {
      recent.push(await notify(user, `Deal ${index}`));
      // Distinct creation times, so "newest first" is well defined.
      await t.database.db
        .update(notifications)
        .set({ createdAt: sql`now() - make_interval(secs => ${100 - index})` })
        .where(eq(notifications.id, recent[recent.length - 1] ?? ''));
    }
    const { items } = await push(user);
    expect(items.map((item) => item.documentTitle)).toEqual(
      Array.from({ length: PUSH_LIMIT }, (_, index) => `Deal ${PUSH_LIMIT + 2 - index}`),
    );
    // All of them are marked: nothing is toasted later, the old one included.
    const marked = await t.database.db
      .select({ pushedAt: notifications.pushedAt })
      .from(notifications)
      .where(inArray(notifications.id, [old, ...recent]));
    expect(marked).toHaveLength(PUSH_LIMIT + 3);
    expect(marked.every((row) => row.pushedAt !== null)).toBe(true);
    expect((await push(user)).items).toEqual([]);
  });

  it('merges like the menu and leaves other users’ notifications alone', async () => {
    const [user, other] = await createUsers(t.platform, 2);
    const documentId = randomUUID();
    for (const sectionTitle of ['Payment', 'Term']) {
      await t.database.db.transaction((tx) =>
        notifyUsers(t.platform, tx, {
          userIds: [user.id, other.id],
          actorId: actor.id,
          collection: 'deals',
          documentId,
          event: 'section-edit',
          data: { dealTitle: 'Supply', sectionTitle },
        }),
      );
    }
    const { items } = await push(user);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ documentTitle: 'Supply', count: 2, sectionTitle: 'Term' });
    // The other user's two are still theirs to be shown.
    expect((await push(other)).items[0]).toMatchObject({ count: 2 });
  });

  it('needs a session', async () => {
    expect((await api('POST', '/notifications/push', undefined, {})).statusCode).toBe(401);
  });
});

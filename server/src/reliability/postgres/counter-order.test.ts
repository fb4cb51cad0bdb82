import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { refreshHomeCounts } from '../../documents/counters';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';

/*
 * The drawer's counters on PostgreSQL, where row locks are real. Two transactions that touch the
 * same two people in opposite orders once each locked one user's row and waited for the other's:
 * PostgreSQL killed one of them as a deadlock, and its change was lost. The counters are now
 * stored once at each transaction's end, with the rows updated in id order.
 */

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await createUser(t.platform);
  bob = await createUser(t.platform);
});
afterAll(async () => {
  await t.close();
});

/** Resolves once `count` callers have arrived. */
function barrier(count: number) {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === count) open();
    await opened;
  };
}

describe('counters on PostgreSQL', () => {
  it('lets two transactions touching the same people in opposite orders both commit', async () => {
    const bothStarted = barrier(2);
    const touch = (first: string, second: string) =>
      t.platform.database.db.transaction(async (tx) => {
        await refreshHomeCounts(t.platform, tx, first);
        await bothStarted();
        await refreshHomeCounts(t.platform, tx, second);
      });
    const results = await Promise.allSettled([touch(ann.id, bob.id), touch(bob.id, ann.id)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const [stored] = await t.platform.database.db
      .select({ homeCounts: users.homeCounts })
      .from(users)
      .where(eq(users.id, ann.id));
    expect(stored?.homeCounts).toMatchObject({ negotiate: 0, workspaces: 0 });
  });
});

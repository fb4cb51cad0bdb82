import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { afterCommit, beforeCommit, keepsBeforeCommit } from './before-commit';
import type { Tx } from './client';
import { appSecrets } from './schema';

/*
 * Work asked for with `beforeCommit` runs once per transaction, after the transaction's own
 * block (so it sees every change of it), and not at all when the block fails.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The value of a row of a simple table, read after the transaction. */
async function stored(name: string) {
  const [row] = await database.db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}

describe('beforeCommit', () => {
  it('runs once at the end with what every caller added, in savepoints too', async () => {
    const runs: string[][] = [];
    const ask = (tx: Tx, name: string) =>
      beforeCommit(
        tx,
        'names',
        () => [] as string[],
        async (names, outer) => {
          runs.push([...names]);
          // Sees the block's last change, made after the first ask.
          const [row] = await outer
            .select()
            .from(appSecrets)
            .where(eq(appSecrets.name, 'before-commit-test'));
          runs.push([String(row?.value)]);
        },
      ).push(name);

    await database.db.transaction(async (tx) => {
      ask(tx, 'a');
      await tx.transaction(async (savepoint) => {
        ask(savepoint, 'b');
      });
      ask(tx, 'c');
      await tx.insert(appSecrets).values({ name: 'before-commit-test', value: 'last' });
      expect(runs).toEqual([]);
    });
    expect(runs).toEqual([['a', 'b', 'c'], ['last']]);
    expect(await stored('before-commit-test')).toBe('last');
  });

  it('does not run when the block fails, and rolls the change back', async () => {
    let ran = false;
    await expect(
      database.db.transaction(async (tx) => {
        beforeCommit(
          tx,
          'flag',
          () => null,
          async () => {
            ran = true;
          },
        );
        await tx.insert(appSecrets).values({ name: 'before-commit-failed', value: '1' });
        throw new Error('the block failed');
      }),
    ).rejects.toThrow('the block failed');
    expect(ran).toBe(false);
    expect(await stored('before-commit-failed')).toBeUndefined();
  });

  it('runs work asked for as last after all other work, with what that work added', async () => {
    const order: string[] = [];
    const sent: string[][] = [];
    const send = (tx: Tx, what: string) =>
      beforeCommit(
        tx,
        'send',
        () => [] as string[],
        async (all) => {
          order.push('send');
          sent.push(all);
        },
        { last: true },
      ).push(what);
    await database.db.transaction(async (tx) => {
      send(tx, 'first');
      beforeCommit(
        tx,
        'recount',
        () => null,
        async (_state, outer) => {
          order.push('recount');
          send(outer, 'from the recount');
        },
      );
      send(tx, 'second');
    });
    expect(order).toEqual(['recount', 'send']);
    expect(sent).toEqual([['first', 'second', 'from the recount']]);
  });

  it('tells which handles keep work for their commit', async () => {
    expect(keepsBeforeCommit(database.db)).toBe(false);
    await database.db.transaction(async (tx) => {
      expect(keepsBeforeCommit(tx)).toBe(true);
      await tx.transaction(async (savepoint) => {
        expect(keepsBeforeCommit(savepoint)).toBe(true);
      });
    });
  });

  it('refuses a transaction that cannot run it', () => {
    const foreign = {} as Tx;
    expect(() =>
      beforeCommit(
        foreign,
        'x',
        () => null,
        async () => {},
      ),
    ).toThrow(/withBeforeCommit/);
  });
});

describe('afterCommit', () => {
  it('calls back once the transaction committed, from a savepoint too', async () => {
    const calls: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        expect(afterCommit(savepoint, () => calls.push('savepoint'))).toBe(true);
      });
      expect(afterCommit(tx, () => calls.push('outer'))).toBe(true);
      await tx.insert(appSecrets).values({ name: 'after-commit-test', value: 'x' });
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['savepoint', 'outer']);
  });

  it('never calls back for a transaction rolled back', async () => {
    const calls: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => calls.push('rolled back'));
        throw new Error('the block failed');
      }),
    ).rejects.toThrow('the block failed');
    expect(calls).toEqual([]);
  });

  it('answers false for a handle outside any transaction', () => {
    expect(afterCommit(database.db, () => {})).toBe(false);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import type { RawRows } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/database';

/*
 * The pool when a transaction cannot begin. Drizzle checks a client out and sends BEGIN before
 * the block that gives the client back; a BEGIN that failed (in a failover, its connection
 * ended just then) once kept its client for good, and when every client was kept all queries
 * waited forever: the process stopped running jobs and delivering live events.
 */

let database: TestDatabase | undefined;
afterAll(async () => {
  await database?.close();
});

/** The promise's value, or a failure once `ms` passed without one. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('the PostgreSQL pool', () => {
  it('gets its client back from a transaction whose BEGIN failed', async () => {
    database = await createTestDatabase(); // 5 clients
    for (let attempt = 0; attempt < 8; attempt += 1) {
      // An isolation level PostgreSQL does not know: the BEGIN itself fails.
      await expect(
        database.db.transaction(async () => {}, {
          isolationLevel: 'no such level' as 'serializable',
        }),
      ).rejects.toThrow();
    }
    const { rows } = await within(database.query('SELECT 1 AS one'), 5000, 'a query after');
    expect(rows).toEqual([{ one: 1 }]);
    const done = await within(
      database.db.transaction(
        async (tx) => ((await tx.execute('SELECT 2 AS two')) as unknown as RawRows).rows,
      ),
      5000,
      'a transaction after',
    );
    expect(done).toEqual([{ two: 2 }]);
  });

  it('takes a holder’s own release after a failed first statement as done, not twice', async () => {
    database ??= await createTestDatabase();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await expect(database.withAdvisoryLock(Number.NaN, async () => undefined)).rejects.toThrow();
    }
    const { rows } = await within(database.query('SELECT 3 AS three'), 5000, 'a query after');
    expect(rows).toEqual([{ three: 3 }]);
  });
});

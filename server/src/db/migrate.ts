import fs from 'node:fs';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';
import { migrationsFolder } from './database-image';

/** An arbitrary constant: the advisory lock that lets one process set the database up at a time. */
const SET_UP_LOCK_KEY = 7_301_998;

/**
 * Runs one step of setting the database up (migrations, seeds, the job queues) while no other
 * process runs one, so processes started together on a new database wait for each other
 * instead of deadlocking. Take it for one step at a time, never nested: the lock is held on a
 * connection of its own, so a nested take would wait for itself. A no-op on PGlite, which one
 * process holds alone.
 */
export function withSetUpLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  return database.withAdvisoryLock(SET_UP_LOCK_KEY, fn);
}

/** Applies pending migrations. On PostgreSQL, concurrent starters wait for each other. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await withSetUpLock(database, () =>
    migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder }),
  );
}

let shippedCount: number | undefined;

/** How many migrations this build ships (read once: the files do not change while running). */
function shippedMigrationCount(): number {
  if (shippedCount === undefined) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    shippedCount = journal.entries.length;
  }
  return shippedCount;
}

/** How many migrations this build ships and how many the database has applied. */
export async function migrationStatus(
  database: Database,
): Promise<{ expected: number; applied: number; isCurrent: boolean }> {
  const expected = shippedMigrationCount();
  let applied = 0;
  try {
    const result = await database.query(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    applied = Number(result.rows[0]?.n ?? 0);
  } catch {
    applied = 0;
  }
  return { expected, applied, isCurrent: applied === expected };
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';

/** A migrated, empty database that exists only for one run. */
export type BenchDatabase = {
  database: Database;
  /** The DATA_DIR the app is given (PGlite lives in its `db` folder; local files beside it). */
  dataDir: string;
  /** Set for PostgreSQL: the throwaway database's URL, for the app's config. */
  url: string | undefined;
  /** `PGlite 0.x` or the server's `SELECT version()`, for the report. */
  serverVersion: string;
  /** An existing database named by `BENCH_DATABASE_NAME`: seeded by an earlier run, not again. */
  isReused: boolean;
  /** Closes the database and removes everything the run created (but a kept database). */
  dispose(): Promise<void>;
};

/** What happens to a PostgreSQL bench database beyond the run (PGlite ignores both). */
export type KeepOptions = {
  /** BENCH_KEEP_DATABASE=1: the run leaves its new database in place instead of dropping it. */
  isKept: boolean;
  /** BENCH_DATABASE_NAME: open this existing (kept) database instead of making one; never dropped. */
  existingName: string | undefined;
};

/**
 * An embedded PGlite in a temporary folder, or, given `adminUrl`, a new database
 * `pactum_bench_<random>` on that PostgreSQL server, dropped again by `dispose` unless kept;
 * or the existing database `keep.existingName`, which stays.
 */
export async function openBenchDatabase(
  adminUrl: string | undefined,
  keep: KeepOptions = { isKept: false, existingName: undefined },
): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-bench-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    return adminUrl
      ? await openPostgres(adminUrl, dataDir, removeDataDir, keep)
      : await openPglite(dataDir, removeDataDir);
  } catch (error) {
    removeDataDir();
    throw error;
  }
}

async function openPglite(dataDir: string, removeDataDir: () => void): Promise<BenchDatabase> {
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const version = await database.query('SHOW server_version');
  return {
    database,
    dataDir,
    url: undefined,
    isReused: false,
    serverVersion: `PGlite (PostgreSQL ${String(version.rows[0]?.server_version ?? '?')})`,
    async dispose() {
      try {
        await database.close();
      } finally {
        removeDataDir();
      }
    },
  };
}

/** The same server and credentials, another database. */
function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function openPostgres(
  adminUrl: string,
  dataDir: string,
  removeDataDir: () => void,
  keep: KeepOptions,
): Promise<BenchDatabase> {
  const isReused = keep.existingName !== undefined;
  const name = keep.existingName ?? `pactum_bench_${randomBytes(6).toString('hex')}`;
  const isDropped = !isReused && !keep.isKept;
  const dropDatabase = async () => {
    if (!isDropped) return;
    await runAdminStatement(
      adminUrl,
      `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`,
    );
  };
  if (!isReused) await runAdminStatement(adminUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const url = withDatabaseName(adminUrl, name);
  let database: Database | undefined;
  try {
    // The pool size production uses (openConfiguredDatabase passes none).
    database = await openDatabase({ url });
    await runMigrations(database);
    const version = await database.query('SELECT version() AS version');
    const opened = database;
    return {
      database: opened,
      dataDir,
      url,
      isReused,
      serverVersion: String(version.rows[0]?.version ?? '?').split(' on ')[0] ?? '?',
      async dispose() {
        try {
          await opened.close();
          await dropDatabase();
          if (!isDropped) console.info(`Bench database kept: ${name} (${url})`);
        } finally {
          removeDataDir();
        }
      },
    };
  } catch (error) {
    await database?.close().catch(() => {});
    await dropDatabase().catch(() => {});
    throw error;
  }
}

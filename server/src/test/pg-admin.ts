import pg from 'pg';
import { inject } from 'vitest';

/*
 * What a database administrator does to the test database from the side, as an outage, a
 * failover or a restart of PostgreSQL would: for the reliability checks that need
 * TEST_DATABASE_URL.
 */

/** Runs one statement as the PostgreSQL superuser the test run was given. */
export async function asAdmin(text: string): Promise<void> {
  const template = inject('testDatabaseTemplate');
  if (template.kind !== 'postgres') throw new Error('This test needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** The database a connection URL names. */
export function databaseNameOf(url: string | undefined): string {
  return new URL(url ?? '').pathname.slice(1);
}

/** Ends every connection to the database (`pg_terminate_backend`), as a failover does. */
export async function endConnections(name: string): Promise<void> {
  await asAdmin(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = ${pg.escapeLiteral(name)} AND pid <> pg_backend_pid()`,
  );
}

/** Closes the database to new connections and ends every one it has, as an outage does. */
export async function cutDatabase(name: string): Promise<void> {
  await asAdmin(`ALTER DATABASE ${pg.escapeIdentifier(name)} WITH ALLOW_CONNECTIONS false`);
  await endConnections(name);
}

export async function restoreDatabase(name: string): Promise<void> {
  await asAdmin(`ALTER DATABASE ${pg.escapeIdentifier(name)} WITH ALLOW_CONNECTIONS true`);
}

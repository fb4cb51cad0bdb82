import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { newPglite } from '../db/pglite';
import { databaseUrl } from './template-database';

export type TestDatabase = Database & {
  /** For PostgreSQL: a URL other processes can use to reach the same database. */
  url: string | undefined;
};

/** A fresh migrated database, copied from the run's template; `close` removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('testDatabaseTemplate');
  if (template.kind === 'pglite') {
    const pglite = newPglite({ loadDataDir: new Blob([fs.readFileSync(template.snapshotPath)]) });
    const database = await openDatabase({ pglite });
    return { ...database, url: undefined };
  }
  const name = `${template.prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template.templateName)}`,
    );
  } finally {
    await admin.end();
  }
  const url = databaseUrl(template.adminUrl, name);
  const database = await openDatabase({ url, poolSize: 5 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: template.adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}

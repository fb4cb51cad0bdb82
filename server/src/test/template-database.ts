import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { newPglite } from '../db/pglite';
import { createJobs } from '../platform/jobs/jobs';

/** How tests get a fresh, migrated database fast: a snapshot copied per test file. */
export type TestDatabaseTemplate =
  | { kind: 'pglite'; snapshotPath: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/** Migrations and the job queue's own tables, so a copy is ready to use at once. */
async function prepare(database: Database): Promise<void> {
  await runMigrations(database);
  const jobs = createJobs(database);
  await jobs.start({ isWorker: false });
  await jobs.stop();
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Builds the template once per test run; returns the function that removes it. */
export async function createTemplate(): Promise<{
  template: TestDatabaseTemplate;
  dispose: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const prefix = `pactum_test_${process.pid}_${Date.now().toString(36)}`;
    const templateName = `${prefix}_template`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(templateName)}`);
    await admin.end();
    const database = await openDatabase({ url: databaseUrl(adminUrl, templateName), poolSize: 2 });
    await prepare(database);
    await database.close();
    return {
      template: { kind: 'postgres', adminUrl, templateName, prefix },
      async dispose() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        const { rows } = await client.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname LIKE $1',
          [`${prefix}%`],
        );
        for (const { datname } of rows) {
          await client.query(
            `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`,
          );
        }
        await client.end();
      },
    };
  }
  const pglite = newPglite();
  const database = await openDatabase({ pglite });
  await prepare(database);
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-test-'));
  const snapshotPath = path.join(dir, 'snapshot.tar');
  fs.writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  return {
    template: { kind: 'pglite', snapshotPath },
    async dispose() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

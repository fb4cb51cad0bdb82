import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';
import type { ServerProcess } from './processes';

/**
 * Where a crash test's server processes keep their data across a kill and a restart: one data
 * folder (embedded), or one throwaway database when TEST_DATABASE_URL is set. After the file's
 * tests every process it started is killed and the place removed.
 */
export function crashTestPlace(name: string): {
  /** The embedded database's folder, and the local files' (DATA_DIR) in either case. */
  dataDir: string;
  servers: ServerProcess[];
  env(): Promise<Record<string, string>>;
} {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pactum-${name}-`));
  const servers: ServerProcess[] = [];
  let database: TestDatabase | undefined;
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    servers,
    async env(): Promise<Record<string, string>> {
      if (!process.env.TEST_DATABASE_URL) return { DATA_DIR: dataDir };
      database ??= await createTestDatabase();
      return { DATA_DIR: dataDir, DATABASE_URL: database.url ?? '' };
    },
  };
}

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { databaseImagePath, restoreDatabaseImage } from '../db/database-image';
import { migrationStatus } from '../db/migrate';
import { eventually } from '../test/app';
import { freePort, outboxSubjects, repoRoot, signUpOnServer } from '../test/processes';

/*
 * `npm start` runs the server as esbuild built it (scripts/build-server.mjs): plain Node on
 * server/dist/main.js, no TypeScript loader. This builds into a folder of its own inside the
 * server package (the built files find the package's migrations, version and the web app from
 * there) and runs that build as a person's `npm start` would.
 */
const outdir = path.join(repoRoot, 'server', '.tmp', `build-test-${process.pid}`);
const webIndex = path.join(repoRoot, 'web', 'dist', 'index.html');

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
});

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
});

describe('the built server', () => {
  it('starts with plain Node on a new data folder, serves, and stops cleanly on SIGTERM', async () => {
    expect(fs.existsSync(path.join(outdir, 'main.js'))).toBe(true);
    expect(fs.existsSync(path.join(outdir, 'worker.js'))).toBe(true);
    expect(fs.existsSync(path.join(outdir, 'cli', 'admin.js'))).toBe(true);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-built-'));
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const health = await eventually(async () => {
        if (child.exitCode !== null) throw new Error(`The built server exited:\n${output}`);
        const response = await fetch(`${url}/api/health`).catch(() => undefined);
        return response?.ok ? response : undefined;
      }, 60_000);
      expect(health.status).toBe(200);

      // The web app is served from web/dist when it has been built (`npm start` builds it).
      const page = await fetch(`${url}/`);
      if (fs.existsSync(webIndex)) {
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<title>Pactum</title>');
      } else {
        expect(page.status).toBe(404);
      }

      // The database, auth and the job queue work from the bundle: a sign-up's verification
      // mail is queued and delivered.
      const email = `built-${Date.now()}@example.test`;
      await signUpOnServer(url, email);
      const subjects = await eventually(async () => {
        const found = await outboxSubjects(url, email);
        return found.length > 0 ? found : undefined;
      }, 60_000);
      expect(subjects).toEqual(['Verify your e-mail address for Pactum']);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain(`Pactum is running at ${url}`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('gives a new embedded database the image of the migrated schema, and never an existing one', async () => {
    // The build made the image for these migrations.
    expect(fs.existsSync(databaseImagePath())).toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-image-'));
    try {
      const dbDir = path.join(dataDir, 'db');
      expect(restoreDatabaseImage(dbDir)).toBe(true);
      expect(fs.existsSync(path.join(dbDir, 'PG_VERSION'))).toBe(true);
      // A folder that holds a database is left as it is.
      expect(restoreDatabaseImage(dbDir)).toBe(false);
      const database = await openDatabase({ dataDir });
      try {
        const status = await migrationStatus(database);
        expect(status.isCurrent).toBe(true);
        expect(status.applied).toBeGreaterThan(0);
        const tables = await database.query(
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'pgboss'",
        );
        expect(Number(tables.rows[0]?.n)).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

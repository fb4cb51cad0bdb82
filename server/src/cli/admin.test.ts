import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/lock';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema';
import { repoRoot, signUpOnServer, startServerProcess } from '../test/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The operator command as `npm run admin -- …` runs it, on an embedded database of its own. */
function admin(...args: string[]) {
  return adminWith({}, ...args);
}

/** The operator command with `env` over the embedded database in `dataDir`. */
function adminWith(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/admin.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** What a refusal must look like: one plain sentence, no stack trace. */
function expectOneSentence(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

async function isAdmin(email: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    return user?.isAdmin;
  } finally {
    await database.close();
  }
}

describe('npm run admin', () => {
  it('grants and revokes the admin flag by e-mail, and says when there is no such user', async () => {
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    await database.db
      .insert(users)
      .values({ name: 'Staff', email: 'staff@pactum.fi', emailVerified: true });
    await database.close();

    const granted = admin('grant', 'Staff@Pactum.fi');
    expect(granted.status, granted.stderr).toBe(0);
    expect(granted.stdout).toContain('Granted admin for staff@pactum.fi');
    expect(await isAdmin('staff@pactum.fi')).toBe(true);
    expect(admin('list').stdout).toContain('staff@pactum.fi');

    expect(admin('revoke', 'staff@pactum.fi').status).toBe(0);
    expect(await isAdmin('staff@pactum.fi')).toBe(false);

    const missing = admin('grant', 'nobody@pactum.fi');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No user with the e-mail nobody@pactum.fi');
    expect(admin('promote').status).toBe(2);
    // Six runs of the command, each starting tsx and opening the embedded database.
  }, 120_000);
});

describe('npm run admin beside a running server', () => {
  it('makes an administrator through the server that holds the embedded database', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-cli-'));
    const server = await startServerProcess({ DATA_DIR: folder, DATABASE_URL: '' });
    try {
      await signUpOnServer(server.url, 'ops@pactum.fi');
      const granted = adminWith({ DATA_DIR: folder }, 'grant', 'Ops@Pactum.fi');
      expect(granted.status, granted.stderr).toBe(0);
      expect(granted.stdout).toBe('Granted admin for ops@pactum.fi.\n');
      expect(granted.stderr).toBe('Note: the e-mail is not verified yet.\n');
      const listed = adminWith({ DATA_DIR: folder }, 'list');
      expect(listed.stdout).toBe('ops@pactum.fi (e-mail not verified)\n');
      // The server kept running throughout, and its database holds the flag.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const database = await openDatabase({ dataDir: folder });
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, 'ops@pactum.fi'));
      expect(user?.isAdmin).toBe(true);
    } finally {
      await database.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);

  it('says in one sentence what to do when it reaches nothing, without a stack trace', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-cli-'));
    // Another process holds the folder (this test's) and no server answers beside it.
    const release = lockDataDir(path.join(folder, 'db'));
    try {
      const locked = adminWith({ DATA_DIR: folder }, 'grant', 'ops@pactum.fi');
      expect(locked.status).toBe(1);
      expectOneSentence(
        locked.stderr,
        new RegExp(
          `^The embedded database in .+ is in use by process ${process.pid}, and no Pactum server answers on .+admin\\.sock: try again once the server has finished starting, or stop that process first\\.$`,
        ),
      );
    } finally {
      release();
      fs.rmSync(folder, { recursive: true, force: true });
    }
    // A PostgreSQL server that is not there.
    const unreachable = adminWith(
      { DATABASE_URL: 'postgres://pactum@127.0.0.1:1/pactum' },
      'grant',
      'ops@pactum.fi',
    );
    expect(unreachable.status).toBe(1);
    expectOneSentence(unreachable.stderr, /^The admin command could not reach the database: .+\.$/);
  }, 120_000);
});

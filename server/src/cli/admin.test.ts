import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema';
import { repoRoot } from '../test/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The operator command as `npm run admin -- …` runs it, on an embedded database of its own. */
function admin(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/admin.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
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

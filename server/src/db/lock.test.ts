import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the embedded database lock', () => {
  it('refuses a second holder while a live process holds it', async () => {
    const dbDir = path.join(root, 'live', 'db');
    fs.mkdirSync(path.dirname(dbDir), { recursive: true });
    // Another live process holds the lock.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(root, 'live', 'db.lock'), String(holder.pid));
      expect(() => lockDataDir(dbDir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dbDir)).toThrow(`is in use by process ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a dead process, and releases it', async () => {
    const dbDir = path.join(root, 'stale', 'db');
    fs.mkdirSync(path.dirname(dbDir), { recursive: true });
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    const lockFile = path.join(root, 'stale', 'db.lock');
    fs.writeFileSync(lockFile, String(dead.pid));
    const release = lockDataDir(dbDir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});

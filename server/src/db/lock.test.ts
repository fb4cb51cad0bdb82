import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const hasProc = fs.existsSync('/proc/self/stat');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A fresh database folder and the path of its lock file. */
function folder(name: string) {
  const dbDir = path.join(root, name, 'db');
  fs.mkdirSync(path.dirname(dbDir), { recursive: true });
  return { dbDir, lockFile: path.join(root, name, 'db.lock') };
}

/** Starts a process that stays alive; resolves once it is running (and has printed `ready`). */
async function startChild(command: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
    if (command === 'sleep') child.once('spawn', () => resolve());
    else child.stdout?.on('data', (chunk) => String(chunk).includes('ready') && resolve());
  });
  return child;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTicks(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

describe('the embedded database lock', () => {
  it('records who holds it, refuses a second holder in this process, and releases', () => {
    const { dbDir, lockFile } = folder('own');
    const release = lockDataDir(dbDir);
    const record = JSON.parse(fs.readFileSync(lockFile, 'utf8'));
    expect(record).toMatchObject({ pid: process.pid, dataDir: fs.realpathSync(dbDir) });
    if (hasProc) expect(record.startedAt).toMatch(new RegExp(`:${startTicks(process.pid)}$`));
    expect(() => lockDataDir(dbDir)).toThrow(`is in use by process ${process.pid}`);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses while another live process holds it', async () => {
    const { dbDir } = folder('live');
    const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));
    const script = `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      lockDataDir(${JSON.stringify(dbDir)}); console.log('ready'); setTimeout(() => {}, 30000);`;
    const holder = await startChild(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(() => lockDataDir(dbDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dbDir)).toThrow(`is in use by process ${holder.pid}`);
  });

  it('takes over a lock left by a dead process, and releases it', async () => {
    const { dbDir, lockFile } = folder('dead');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    fs.writeFileSync(lockFile, String(dead.pid));
    const release = lockDataDir(dbDir);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  describe.skipIf(!hasProc)('when the pid is alive but the holder is gone', () => {
    it('takes over an old lock whose pid is now another program', async () => {
      const { dbDir, lockFile } = folder('reused-old');
      const other = await startChild('sleep', ['30']);
      fs.writeFileSync(lockFile, String(other.pid));
      const release = lockDataDir(dbDir);
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
      release();
    });

    it('still refuses an old lock whose pid runs a Pactum server', async () => {
      const { dbDir, lockFile } = folder('old-server');
      // An earlier version's server, as `tsx server/src/main.ts` shows in its command line.
      const server = await startChild(process.execPath, [
        '-e',
        "console.log('ready'); setTimeout(() => {}, 30000)",
        'server/src/main.ts',
      ]);
      fs.writeFileSync(lockFile, String(server.pid));
      expect(() => lockDataDir(dbDir)).toThrow(`is in use by process ${server.pid}`);
    });

    it('takes over a lock whose pid started at another time', async () => {
      const { dbDir, lockFile } = folder('reused-new');
      const other = await startChild('sleep', ['30']);
      const pid = other.pid as number;
      const wrongStart = `${Number(startTicks(pid)) - 1000}`;
      const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      fs.writeFileSync(
        lockFile,
        JSON.stringify({ pid, startedAt: `${bootId}:${wrongStart}`, dataDir: dbDir }),
      );
      const release = lockDataDir(dbDir);
      expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
      release();
    });

    it('takes over a lock copied from another folder', () => {
      const { dbDir, lockFile } = folder('copied');
      const original = folder('original');
      const releaseOriginal = lockDataDir(original.dbDir);
      try {
        // A backup restored with its lock file: the live holder has the original folder open.
        fs.copyFileSync(original.lockFile, lockFile);
        const release = lockDataDir(dbDir);
        expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).dataDir).toBe(fs.realpathSync(dbDir));
        release();
      } finally {
        releaseOriginal();
      }
    });
  });
});

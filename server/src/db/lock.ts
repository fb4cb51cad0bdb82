import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  /** The live process that holds the folder, when known. */
  readonly holderPid: number | undefined;
  constructor(message: string, holderPid?: number) {
    super(message);
    this.holderPid = holderPid;
  }
}

/** What the lock file records: enough to tell the holder from a later process with its pid. */
type LockRecord = {
  pid: number;
  /** The holder's incarnation (boot and start time); null where `/proc` is missing. */
  startedAt: string | null;
  /** The real path of the database folder the holder opened. */
  dataDir: string;
};

/** Whether a process with this pid exists (another user's too: we may not signal it). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const bootId = readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? '';

type ProcessStat = { hasExited: boolean; startedAt: string };

/**
 * A process as `/proc` shows it: whether it has exited (a zombie not yet reaped), and its start
 * time since boot prefixed with the boot's id, so a pid reused after a reboot or after the
 * holder died reads differently. Null where `/proc` cannot tell (another system, a hidden process).
 */
function readProcessStat(pid: number): ProcessStat | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTime = fields[19]; // field 22
  if (!startTime) return null;
  return { hasExited: fields[0] === 'Z' || fields[0] === 'X', startedAt: `${bootId}:${startTime}` };
}

/**
 * Lock files of earlier versions hold only a pid. Their holder can only be a server, worker or
 * admin command of that version, so any other live process with that pid is a reuse.
 */
function looksLikePactum(pid: number): boolean {
  const cmdline = readProc(`/proc/${pid}/cmdline`);
  // Unreadable: we cannot tell, so keep the earlier behaviour and believe the lock.
  if (cmdline === null) return true;
  return cmdline
    .split('\0')
    .some((arg) =>
      /(?:^|[\\/])(?:src|dist)[\\/](?:main|worker|cli[\\/]admin)\.[cm]?[jt]s$/.test(arg),
    );
}

function realPath(folder: string): string {
  try {
    return fs.realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

function parseLock(text: string): LockRecord | { pid: number } | null {
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number.parseInt(text, 10) };
  try {
    const record = JSON.parse(text) as Partial<LockRecord>;
    if (!Number.isInteger(record.pid) || typeof record.dataDir !== 'string') return null;
    return {
      pid: record.pid as number,
      startedAt: typeof record.startedAt === 'string' ? record.startedAt : null,
      dataDir: record.dataDir,
    };
  } catch {
    return null;
  }
}

/** Whether the lock's holder is a live process that still has this folder open. */
function isHeld(holder: LockRecord | { pid: number }, dataDir: string): boolean {
  if (holder.pid <= 0 || !isProcessAlive(holder.pid)) return false;
  const stat = readProcessStat(holder.pid);
  if (stat?.hasExited) return false;
  if (!('dataDir' in holder)) {
    // We never write this format, so our own pid in it is a reuse (a container's pid 1).
    if (holder.pid === process.pid) return false;
    return stat === null || looksLikePactum(holder.pid);
  }
  // A lock copied along with the folder names where it came from; this folder is free.
  if (realPath(holder.dataDir) !== dataDir) return false;
  if (stat !== null && holder.startedAt !== null) return stat.startedAt === holder.startedAt;
  // No way to tell incarnations apart: a live pid holds it, unless it is ours (see above).
  return holder.pid !== process.pid;
}

/**
 * Takes the lock file that guards the embedded database folder. PGlite has no locking of its
 * own: two processes on one folder would silently corrupt it. A lock whose holder is gone is
 * taken over, also when its pid now belongs to another process (after a reboot); a live holder
 * stops the start with a clear message.
 * Returns the function that releases the lock.
 */
export function lockDataDir(dbDir: string): () => void {
  fs.mkdirSync(dbDir, { recursive: true });
  const dataDir = realPath(dbDir);
  const lockPath = path.join(dbDir, '..', `${path.basename(dbDir)}.lock`);
  const record: LockRecord = {
    pid: process.pid,
    startedAt: readProcessStat(process.pid)?.startedAt ?? null,
    dataDir,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(record), { flag: 'wx' });
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseLock(fs.readFileSync(lockPath, 'utf8'));
      if (holder && isHeld(holder, dataDir)) {
        throw new DataDirLockedError(
          `The embedded database in ${dbDir} is in use by process ${holder.pid}. ` +
            'Stop that process, give this one its own DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
          holder.pid,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dbDir}.`);
}

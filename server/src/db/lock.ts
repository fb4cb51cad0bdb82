import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file that guards the embedded database folder. PGlite has no locking of its
 * own: two processes on one folder would silently corrupt it. A lock left by a dead process is
 * taken over; a live one stops the start with a clear message.
 * Returns the function that releases the lock.
 */
export function lockDataDir(dbDir: string): () => void {
  fs.mkdirSync(dbDir, { recursive: true });
  const lockPath = path.join(dbDir, '..', `${path.basename(dbDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dbDir} is in use by process ${holder}. ` +
            'Stop that process, give this one its own DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dbDir}.`);
}

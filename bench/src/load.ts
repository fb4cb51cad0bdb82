import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadReply, LoadStats } from './load-types';

const CHILD_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-child.ts');
/** Beyond the planned run time, how long the generator may take before it is killed. */
const GRACE_MS = 30_000;

/**
 * Runs autocannon in a child process (it inherits tsx's loader through execArgv) and returns
 * its measurements. The child is killed if it outlives the planned time, so a run always ends.
 */
export function runLoad(job: LoadJob): Promise<LoadStats> {
  if (new URL(job.baseUrl).hostname !== '127.0.0.1') {
    return Promise.reject(new Error(`Only 127.0.0.1 is benchmarked, not ${job.baseUrl}`));
  }
  return new Promise((resolve, reject) => {
    const child = fork(CHILD_PATH, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(watchdog);
      outcome();
    };
    const limitMs = (job.warmupSeconds + job.durationSeconds) * 1000 + GRACE_MS;
    const watchdog = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => reject(new Error(`Load generator did not finish within ${limitMs} ms`)));
    }, limitMs);

    child.once('message', (message: LoadReply) => {
      settle(() =>
        message.type === 'result' ? resolve(message.stats) : reject(new Error(message.message)),
      );
    });
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code) =>
      settle(() => reject(new Error(`Load generator exited (${code}) without a result`))),
    );
    child.send(job);
  });
}

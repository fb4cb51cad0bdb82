/*
 * The process's one look for work. Each queue's worker used to fetch once per polling interval
 * when idle: with some seventy queues that was seventy transactions a second on an idle server,
 * each taking the embedded database's only connection for a moment. Now one statement per
 * interval names the queues that have jobs due, and only their workers fetch; a job enqueued in
 * this process wakes its worker as soon as its transaction commits (`jobs.ts`).
 */

/** The queues with a job ready to run: created or waiting for a retry, and due. */
export const QUEUES_WITH_WORK_SQL = `SELECT DISTINCT name FROM pgboss.job
  WHERE state < 'active' AND start_after < now()`;

export type Probe = { start(): void; stop(): Promise<void> };

export function createProbe(options: {
  intervalMs: number;
  /** The names of the queues that have work now. */
  findQueuesWithWork(): Promise<string[]>;
  onWork(name: string): void;
  onError(error: Error): void;
}): Probe {
  let isStopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  const look = async () => {
    try {
      for (const name of await options.findQueuesWithWork()) options.onWork(name);
    } catch (error) {
      options.onError(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const run = async () => {
    while (!isStopping) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.intervalMs);
      });
      if (!isStopping) await look();
    }
  };

  return {
    start() {
      isStopping = false;
      loop ??= run();
    },
    async stop() {
      isStopping = true;
      clearTimeout(timer);
      wake?.();
      await loop;
      loop = undefined;
    },
  };
}

/*
 * One queue's worker in one process: a single fetch loop that keeps up to `concurrency` jobs
 * running side by side. While the queue has work the next fetch follows at once, for as many
 * jobs as there are free places; only a fetch that leaves places empty (the queue is drained)
 * waits the polling interval, or until nudged (`nudge`: the process's probe saw work for the
 * queue, or a job was enqueued here). So an idle queue polls at most once per interval, however
 * many jobs it may run at once, and a full queue runs without a pause between jobs.
 * (pg-boss's own `work` sleeps the interval after every fetch, one job per interval per worker.)
 */

/** A job as the fetch returns it (pg-boss's row with its metadata). */
export type FetchedJob = {
  id: string;
  data: object;
  retryCount: number;
  expireInSeconds: number;
};

/** What a queue's worker has done since it started: for tests and operators. */
export type QueueWorkerStats = {
  /** Fetches made, with or without jobs. */
  fetches: number;
  /** Jobs fetched (each is run). */
  jobs: number;
  /** Polling intervals waited because a fetch found the queue drained. */
  idleWaits: number;
};

export type QueueWorker = {
  readonly stats: QueueWorkerStats;
  start(): void;
  /**
   * Tells the worker its queue may have work (a job enqueued here, or seen by the process's
   * probe): an idle worker fetches at once instead of at the end of its wait.
   */
  nudge(): void;
  /**
   * Stops fetching and waits for the running jobs, at most `timeoutMs`. Answers the ids of the
   * jobs still running then: they are left to the caller (to fail), never completed here.
   */
  stop(timeoutMs: number): Promise<string[]>;
};

/** The first pause before recording an outcome again, doubled up to the most. */
const RECORD_RETRY_FIRST_MS = 250;
const RECORD_RETRY_MAX_MS = 4_000;

/** A wait that `wake` ends early. */
type Sleep = { promise: Promise<void>; wake(): void };

function sleep(ms: number): Sleep {
  let wake = () => {};
  const promise = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { promise, wake };
}

/** A run's promise that rejects once it outlasted the job's expiry, as pg-boss's `work` does. */
async function withinExpiry(run: Promise<void>, expireInSeconds: number): Promise<void> {
  // PostgreSQL answers the epoch as numeric text.
  const timeoutMs = Math.max(1, Number(expireInSeconds)) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`handler execution exceeded ${timeoutMs}ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([run, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export function createQueueWorker(options: {
  /** Jobs run side by side (at least 1). */
  concurrency: number;
  pollingIntervalMs: number;
  /** Fetches up to `batchSize` jobs, making them active. */
  fetch(batchSize: number): Promise<FetchedJob[]>;
  /** Tests only: told of each fetch's jobs before they run (a crash point). */
  afterFetch?(jobs: FetchedJob[]): void;
  /** Runs one job; a rejection is its failure. */
  run(job: FetchedJob): Promise<void>;
  complete(jobId: string): Promise<void>;
  fail(jobId: string, error: unknown): Promise<void>;
  /**
   * Whether recording a run's outcome failed for a reason that passes (the database away for a
   * moment): it is tried again, with a growing pause, until the job's expiry since it was
   * fetched. Otherwise the job would stay active until pg-boss expires it and runs it again.
   */
  isPassing?(error: unknown): boolean;
  onError(error: Error): void;
}): QueueWorker {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const stats: QueueWorkerStats = { fetches: 0, jobs: 0, idleWaits: 0 };
  /** The running jobs: each promise settles once the job was completed or failed. */
  const running = new Map<string, Promise<void>>();
  /** Jobs given up by `stop`: their late outcome is not recorded. */
  const abandoned = new Set<string>();
  let isStopping = false;
  let idle: Sleep | undefined;
  /** A nudge came while a fetch was on its way: the next idle wait is skipped. */
  let isNudged = false;
  /** Woken when a place frees up (or the worker stops) while all places are taken. */
  let placeFreed: Sleep | undefined;
  let loop: Promise<void> | undefined;

  const report = (error: unknown) =>
    options.onError(error instanceof Error ? error : new Error(String(error)));

  /** Records a run's outcome, again while the failure passes and the job has not expired. */
  const record = async (job: FetchedJob, fetchedAt: number, outcome: () => Promise<void>) => {
    const expiresAt = fetchedAt + Math.max(1, Number(job.expireInSeconds)) * 1000;
    for (let pause = RECORD_RETRY_FIRST_MS; ; pause = Math.min(RECORD_RETRY_MAX_MS, pause * 2)) {
      try {
        return await outcome();
      } catch (error) {
        const canWait = Date.now() + pause < expiresAt && !isStopping;
        if (!canWait || !options.isPassing?.(error)) {
          // The job stays active; its expiry (or the sweeper, for a dead process) retries it.
          return report(error);
        }
      }
      await sleep(pause).promise;
      if (abandoned.has(job.id)) return;
    }
  };

  const launch = (job: FetchedJob) => {
    const fetchedAt = Date.now();
    const settled = (async () => {
      let failure: { error: unknown } | undefined;
      try {
        await withinExpiry(options.run(job), job.expireInSeconds);
      } catch (error) {
        failure = { error };
      }
      if (abandoned.has(job.id)) return;
      await record(job, fetchedAt, () =>
        failure ? options.fail(job.id, failure.error) : options.complete(job.id),
      );
    })().finally(() => {
      running.delete(job.id);
      placeFreed?.wake();
    });
    running.set(job.id, settled);
  };

  const work = async () => {
    while (!isStopping) {
      const free = concurrency - running.size;
      if (free <= 0) {
        placeFreed = sleep(60_000);
        await placeFreed.promise;
        placeFreed = undefined;
        continue;
      }
      let jobs: FetchedJob[] = [];
      isNudged = false;
      try {
        stats.fetches += 1;
        jobs = await options.fetch(free);
      } catch (error) {
        report(error);
      }
      stats.jobs += jobs.length;
      options.afterFetch?.(jobs);
      // Fetched jobs are active: run them even when stopping meanwhile, or they would wait
      // for their expiry.
      for (const job of jobs) launch(job);
      if (jobs.length < free && !isStopping && !isNudged) {
        stats.idleWaits += 1;
        idle = sleep(options.pollingIntervalMs);
        await idle.promise;
        idle = undefined;
      }
    }
  };

  return {
    stats,

    start() {
      loop ??= work().catch(report);
    },

    nudge() {
      isNudged = true;
      idle?.wake();
    },

    async stop(timeoutMs) {
      isStopping = true;
      idle?.wake();
      placeFreed?.wake();
      const deadline = sleep(timeoutMs);
      await Promise.race([loop, deadline.promise]);
      await Promise.race([Promise.allSettled([...running.values()]), deadline.promise]);
      deadline.wake();
      const left = [...running.keys()];
      for (const id of left) abandoned.add(id);
      return left;
    },
  };
}

import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterCommit } from '../../db/before-commit';
import type { Database, DbOrTx } from '../../db/client';
import { withSetUpLock } from '../../db/migrate';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { createJobLeases } from './leases';
import { createProbe, type Probe, QUEUES_WITH_WORK_SQL } from './probe';
import {
  createQueueWorker,
  type FetchedJob,
  type QueueWorker,
  type QueueWorkerStats,
} from './worker';

/** What a job handler is told about the run it is in. */
export type JobContext = { jobId: string; retryCount: number };

/**
 * A kind of durable job. Handlers must be idempotent: a job can run more than once (a crash
 * after the work but before completion), so a second run must do no harm.
 */
export type JobDefinition<T extends object> = {
  name: string;
  /** Retries after the first failure (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time when `retryBackoff` (default 10, true). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * Seconds a run may take before pg-boss counts it as failed and retries it. Fit it to the
   * work: a crashed worker's runs are taken over sooner (see `leases.ts`), so this is the
   * backstop for a run that hangs in a live process.
   */
  expireInSeconds: number;
  /**
   * Jobs of this kind run side by side in each worker process (default 1): for work that mostly
   * waits on someone else (a mail server, a webhook endpoint), so one slow job does not hold the
   * whole queue. Keep CPU-bound work at 1 or 2: a worker process has a couple of cores. One
   * fetch loop per queue serves them all, so more of them add no polling when the queue is idle.
   */
  workers?: number;
  handle(data: T, context: JobContext): Promise<void>;
};

export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export type EnqueueOptions = {
  /** Run no earlier than this. */
  startAfter?: Date;
};

export type Jobs = {
  /** Adds a job kind; call before `start`. */
  register<T extends object>(definition: JobDefinition<T>): void;
  /** Creates the queues and, when `isWorker`, starts polling them. */
  start(options: { isWorker: boolean }): Promise<void>;
  /**
   * Stops fetching; running jobs get `timeoutMs` (10 s by default) to finish, then go back to
   * their queue.
   */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Enqueues in the caller's transaction: the job exists exactly when the change commits.
   * Returns the job id.
   */
  enqueue<T extends object>(
    tx: DbOrTx,
    definition: JobDefinition<T>,
    data: T,
    options?: EnqueueOptions,
  ): Promise<string>;
  /**
   * Enqueues one job per item of `data` in the caller's transaction, in one statement (a backlog,
   * a fan-out): they exist exactly when the change commits.
   */
  enqueueMany<T extends object>(tx: DbOrTx, definition: JobDefinition<T>, data: T[]): Promise<void>;
  /** Runs the job on a cron schedule (UTC), replacing an earlier schedule of the same job. */
  schedule<T extends object>(definition: JobDefinition<T>, cron: string, data: T): Promise<void>;
  listSchedules(): Promise<{ name: string; cron: string; data: unknown }[]>;
  /** The stored state of one job, for tests and operators. */
  getJob(name: string, id: string): Promise<{ state: string; retryCount: number } | null>;
  /** What this process's worker of a queue has done (fetches, jobs, idle waits); none unstarted. */
  workStats(name: string): QueueWorkerStats | undefined;
};

/** pg-boss passes JSON data as plain objects; PGlite wants them as text. */
function toParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date)
  ) {
    return JSON.stringify(value);
  }
  return value;
}

/** Rewrites pg-boss's `$n` statement as a Drizzle SQL so it runs on a Drizzle transaction. */
function toDrizzleSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    // One parameter even for an array (pg-boss's `$2::uuid[]`), which a bare `${}` would spread.
    chunks.push(sql`${sql.param(toParam(values[Number(match[1]) - 1]))}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function executorFor(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(toDrizzleSql(text, values ?? []))) as unknown as {
        rows: unknown[];
      };
      return { rows: result.rows };
    },
  };
}

/** pg-boss statements answered by one count row (complete, fail, cancel, queue size...). */
const COUNT_STATEMENT = /SELECT COUNT\(\*\)(?: AS count)? FROM/i;

/** What pg-boss gets for a statement once the jobs are stopped: nothing, or a zero count. */
export function answerWhenStopped(text: string): { rows: Array<{ count: string }> } {
  return { rows: COUNT_STATEMENT.test(text) ? [{ count: '0' }] : [] };
}

/**
 * How often pg-boss's maintenance (expiry, archive) runs in one of the processes. Its default,
 * two minutes, would add up to that to an expiry of one minute.
 */
const MAINTENANCE_INTERVAL_SECONDS = 30;

/** Tests only (PACTUM_CRASH_AT): a job of the named queue prints this and the job id, then holds. */
const HOLD_POINT_PREFIX = 'job-hold:';

/** Tests only (PACTUM_CRASH_AT): the process exits once a fetch of the named queue got jobs. */
const FETCHED_POINT_PREFIX = 'job-fetched:';

/**
 * How long an idle worker waits before fetching on its own. The process's probe finds due work
 * once per polling interval and wakes the workers it concerns; this is the backstop.
 */
const IDLE_FETCH_MS = 30_000;

/** Seconds before a run the database cut short goes again. */
const UNAVAILABLE_RETRY_SECONDS = 1;

/** How long a stop waits for running jobs before failing them back to the queue, by default. */
const STOP_TIMEOUT_MS = 10_000;

/** Durable jobs in the database through pg-boss, on PostgreSQL or PGlite alike. */
export function createJobs(
  database: Database,
  options: {
    onError?: (error: Error) => void;
    pollingIntervalSeconds?: number;
    /** The crash test point (config.crashAt); never set in production. */
    crashAt?: string | undefined;
  } = {},
): Jobs {
  // Once stopped, pg-boss may still fire a timer's statement (monitoring, maintenance) or a
  // handler's late complete or fail after the caller has closed the database: it gets an empty
  // answer instead of a closed pool's rejection. pg-boss reads a count statement's one row
  // (`rows[0].count`), so those get a zero count rather than no row.
  let isStopped = false;
  const boss = new PgBoss({
    db: {
      async executeSql(text, values) {
        if (isStopped) return answerWhenStopped(text);
        if (values && values.length > 0) return database.query(text, values.map(toParam));
        return database.exec(text);
      },
    },
    // Maintenance and monitoring run in every process; pg-boss elects one through the database.
    supervise: true,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    schedule: true,
  });
  boss.on('error', (error) => options.onError?.(error));
  const leases = createJobLeases(database, {
    onError: options.onError,
    // Only a run still active since the dead worker fetched it goes back: one that expired and
    // was fetched again started later than the run noted.
    async handBack(tx, run) {
      const { rows } = (await tx.execute(
        sql`SELECT 1 FROM pgboss.job WHERE name = ${run.queue} AND id = ${run.jobId}
          AND state = 'active' AND started_on <= ${run.startedAt}::timestamptz FOR UPDATE`,
      )) as unknown as { rows: unknown[] };
      if (rows.length === 0) return false;
      // pg-boss's own failure keeps its retry count, retry limit and dead letter...
      await boss.fail(
        run.queue,
        run.jobId,
        { message: 'its worker process died' },
        { db: executorFor(tx) },
      );
      // ...but the retry delay is there to spare a failing service; a dead process needs none.
      await tx.execute(
        sql`UPDATE pgboss.job SET start_after = now()
          WHERE name = ${run.queue} AND id = ${run.jobId} AND state = 'retry'`,
      );
      return true;
    },
  });
  const definitions = new Map<string, JobDefinition<object>>();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  let isStarted = false;
  let isLeasing = false;
  const workers = new Map<string, QueueWorker>();
  let probe: Probe | undefined;

  return {
    register(definition) {
      if (isStarted) throw new Error(`Job ${definition.name} registered after start`);
      definitions.set(definition.name, definition as JobDefinition<object>);
    },

    async start({ isWorker }) {
      isStopped = false;
      // Processes starting together on a new database would deadlock creating pg-boss's
      // tables and queue partitions side by side: one at a time.
      await withSetUpLock(database, async () => {
        await boss.start();
        for (const definition of definitions.values()) {
          const queue = {
            name: definition.name,
            retryLimit: definition.retryLimit ?? 5,
            retryDelay: definition.retryDelaySeconds ?? 10,
            retryBackoff: definition.retryBackoff ?? true,
            expireInSeconds: definition.expireInSeconds,
          };
          if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, queue);
          else await boss.createQueue(definition.name, queue);
        }
      });
      isStarted = true;
      if (!isWorker) return;
      // Registered before the first fetch, so no run of ours is ever without its worker.
      await leases.start();
      isLeasing = true;
      const holdPoint = options.crashAt?.startsWith(HOLD_POINT_PREFIX) ? options.crashAt : '';
      for (const definition of definitions.values()) {
        const { name } = definition;
        const worker = createQueueWorker({
          concurrency: definition.workers ?? 1,
          pollingIntervalMs: Math.max(IDLE_FETCH_MS, pollingIntervalSeconds * 1000),
          // The fetch and the note of its runs commit together (see `leases.begin`).
          fetch: (batchSize) =>
            database.db.transaction(async (tx) => {
              const jobs = (await boss.fetch<object>(name, {
                batchSize,
                includeMetadata: true,
                db: executorFor(tx),
              })) as FetchedJob[];
              await leases.begin(
                tx,
                name,
                jobs.map((job) => job.id),
              );
              return jobs;
            }),
          afterFetch(jobs) {
            if (jobs.length > 0 && options.crashAt === `${FETCHED_POINT_PREFIX}${name}`) {
              process.exit(70);
            }
          },
          async run(job) {
            try {
              if (holdPoint === `${HOLD_POINT_PREFIX}${name}`) {
                console.info(`${holdPoint} ${job.id}`);
                await new Promise(() => {});
              }
              await definition.handle(job.data, { jobId: job.id, retryCount: job.retryCount });
            } finally {
              await leases.end(job.id).catch((error: Error) => options.onError?.(error));
            }
          },
          async complete(jobId) {
            await boss.complete(name, jobId);
          },
          async fail(jobId, error) {
            // pg-boss keeps the error (message and stack) as the job's output.
            if (!isDatabaseUnavailable(error)) return boss.fail(name, jobId, error as object);
            // A run the database cut short (a failover, a restart) is no fault of the job: it
            // goes again once the database answers, without a backoff and without counting
            // as a try (a fetch counts a try only when the job had started before).
            await database.db.transaction(async (tx) => {
              await boss.fail(name, jobId, error as object, { db: executorFor(tx) });
              await tx.execute(
                sql`UPDATE pgboss.job
                  SET start_after = now() + make_interval(secs => ${UNAVAILABLE_RETRY_SECONDS}),
                    started_on = NULL
                  WHERE name = ${name} AND id = ${jobId} AND state = 'retry'`,
              );
            });
          },
          isPassing: isDatabaseUnavailable,
          onError: (error) => options.onError?.(error),
        });
        workers.set(name, worker);
        worker.start();
      }
      probe = createProbe({
        intervalMs: pollingIntervalSeconds * 1000,
        async findQueuesWithWork() {
          const { rows } = await database.query(QUEUES_WITH_WORK_SQL);
          return rows.map((row) => String(row.name));
        },
        onWork: (name) => workers.get(name)?.nudge(),
        onError: (error) => options.onError?.(error),
      });
      probe.start();
    },

    async stop(timeoutMs = STOP_TIMEOUT_MS) {
      if (!isStarted) return;
      isStarted = false;
      await probe?.stop();
      probe = undefined;
      // Running jobs get the time to finish; those still running after it go back to the queue
      // (pg-boss's own graceful stop did the same for its workers).
      const stopping = [...workers.entries()].map(async ([name, worker]) => {
        const left = await worker.stop(timeoutMs);
        for (const jobId of left) {
          await boss
            .fail(name, jobId, { message: 'the worker process stopped while the job ran' })
            .catch((error: Error) => options.onError?.(error));
        }
      });
      await Promise.all(stopping);
      workers.clear();
      await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
      isStopped = true;
      if (isLeasing) {
        isLeasing = false;
        await leases.stop();
      }
    },

    async enqueue(tx, definition, data, enqueueOptions = {}) {
      if (!definitions.has(definition.name)) throw new Error(`Unknown job ${definition.name}`);
      const id = await boss.send(definition.name, data, {
        db: executorFor(tx),
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
      });
      if (!id) throw new Error(`Job ${definition.name} was not enqueued`);
      // This process's worker of the queue fetches it once the job is visible, not at the
      // probe's next look. A delayed job waits for the probe.
      if (!enqueueOptions.startAfter) {
        const nudge = () => workers.get(definition.name)?.nudge();
        if (!afterCommit(tx, nudge)) nudge();
      }
      return id;
    },

    async enqueueMany(tx, definition, data) {
      if (!definitions.has(definition.name)) throw new Error(`Unknown job ${definition.name}`);
      if (data.length === 0) return;
      await boss.insert(
        data.map((item) => ({ name: definition.name, data: item })),
        { db: executorFor(tx) },
      );
      const nudge = () => workers.get(definition.name)?.nudge();
      if (!afterCommit(tx, nudge)) nudge();
    },

    async schedule(definition, cron, data) {
      await boss.schedule(definition.name, cron, data, { tz: 'UTC' });
    },

    async listSchedules() {
      const schedules = await boss.getSchedules();
      return schedules.map((s) => ({ name: s.name, cron: s.cron, data: s.data ?? null }));
    },

    async getJob(name, id) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      return job ? { state: job.state, retryCount: job.retryCount } : null;
    },

    workStats(name) {
      const stats = workers.get(name)?.stats;
      return stats ? { ...stats } : undefined;
    },
  };
}

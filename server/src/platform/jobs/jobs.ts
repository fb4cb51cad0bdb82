import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../../db/client';

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
  /** Seconds a run may take before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
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
  stop(): Promise<void>;
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
  /** Runs the job on a cron schedule (UTC), replacing an earlier schedule of the same job. */
  schedule<T extends object>(definition: JobDefinition<T>, cron: string, data: T): Promise<void>;
  listSchedules(): Promise<{ name: string; cron: string; data: unknown }[]>;
  /** The stored state of one job, for tests and operators. */
  getJob(name: string, id: string): Promise<{ state: string; retryCount: number } | null>;
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
    chunks.push(sql`${toParam(values[Number(match[1]) - 1])}`);
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

/** Durable jobs in the database through pg-boss, on PostgreSQL or PGlite alike. */
export function createJobs(
  database: Database,
  options: { onError?: (error: Error) => void; pollingIntervalSeconds?: number } = {},
): Jobs {
  // Once stopped, pg-boss may still fire a timer's statement (monitoring, maintenance) after
  // the caller has closed the database: it gets no rows instead of a closed pool's rejection.
  let isStopped = false;
  const boss = new PgBoss({
    db: {
      async executeSql(text, values) {
        if (isStopped) return { rows: [] };
        if (values && values.length > 0) return database.query(text, values.map(toParam));
        return database.exec(text);
      },
    },
    // Maintenance and monitoring run in every process; pg-boss elects one through the database.
    supervise: true,
    schedule: true,
  });
  boss.on('error', (error) => options.onError?.(error));
  const definitions = new Map<string, JobDefinition<object>>();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  let isStarted = false;

  return {
    register(definition) {
      if (isStarted) throw new Error(`Job ${definition.name} registered after start`);
      definitions.set(definition.name, definition as JobDefinition<object>);
    },

    async start({ isWorker }) {
      isStopped = false;
      await boss.start();
      isStarted = true;
      for (const definition of definitions.values()) {
        const queue = {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelaySeconds ?? 10,
          retryBackoff: definition.retryBackoff ?? true,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        };
        if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, queue);
        else await boss.createQueue(definition.name, queue);
      }
      if (!isWorker) return;
      for (const definition of definitions.values()) {
        await boss.work<object>(
          definition.name,
          { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            await definition.handle(job.data, { jobId: job.id, retryCount: job.retryCount });
          },
        );
      }
    },

    async stop() {
      if (!isStarted) return;
      isStarted = false;
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
      isStopped = true;
    },

    async enqueue(tx, definition, data, enqueueOptions = {}) {
      if (!definitions.has(definition.name)) throw new Error(`Unknown job ${definition.name}`);
      const id = await boss.send(definition.name, data, {
        db: executorFor(tx),
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
      });
      if (!id) throw new Error(`Job ${definition.name} was not enqueued`);
      return id;
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
  };
}

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { isProcessAlive } from '../../db/lock';
import { jobRuns, jobWorkers } from '../../db/schema';

/*
 * Who runs which job. pg-boss marks a job active but keeps no owner, so a job whose process
 * died stays active until its expiry. Here each worker process registers itself in `job_worker`
 * and beats `seen_at`; each run is noted in `job_run` while it lasts. A sweeper in every worker
 * process hands the runs of dead workers back to the queue: a worker whose heartbeat stopped,
 * and at start also a worker of this host whose process is gone (or whose pid is ours: a
 * restarted container is pid 1 again). Only dead workers are swept, so a job is not run twice
 * while its first process still lives.
 */

/** How often a worker beats its heartbeat and sweeps. */
export const HEARTBEAT_INTERVAL_MS = 10_000;
/** A heartbeat older than this is a dead worker: three beats missed. */
export const STALE_AFTER_SECONDS = 30;

/** A run of a dead worker, claimed by the sweeper inside `tx`. */
export type OrphanRun = { jobId: string; queue: string; startedAt: string };

export type JobLeases = {
  /** This process's worker id, as `job_run.worker_id` shows it. */
  readonly workerId: string;
  /** Registers the worker, takes over the runs of dead ones, and keeps beating and sweeping. */
  start(): Promise<void>;
  /** Stops the timer and removes the worker and its runs (pg-boss has failed what was active). */
  stop(): Promise<void>;
  /**
   * Notes the runs of jobs a fetch made active, in the fetch's own transaction: a job is never
   * active without its run noted, so a process killed right after a fetch leaves nothing for
   * the queue's expiry to find.
   */
  begin(tx: DbOrTx, queue: string, jobIds: string[]): Promise<void>;
  /** Forgets a run once its handler ended, however it ended. */
  end(jobId: string): Promise<void>;
  /** One sweep; `isStart` adds the checks made once when the process starts. Runs handed back. */
  sweep(options?: { isStart?: boolean }): Promise<number>;
  /** One heartbeat (it also registers a worker that a sweeper removed). */
  beat(): Promise<void>;
};

/**
 * Workers running in this very process. Tests run several apps in one process on one database,
 * all with our pid; none of them is dead.
 */
const liveWorkers = new Set<string>();

export function createJobLeases(
  database: Database,
  options: {
    /**
     * Hands a claimed run's job back to the queue, in the sweeper's transaction, if the job is
     * still in that run. True when it was handed back.
     */
    handBack(tx: Tx, run: OrphanRun): Promise<boolean>;
    onError?: (error: Error) => void;
    /** Tests only: another host name, pid or liveness check, as another machine would have. */
    host?: string;
    pid?: number;
    isAlive?: (pid: number) => boolean;
  },
): JobLeases {
  const { db } = database;
  const workerId = randomUUID();
  const host = options.host ?? os.hostname();
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? isProcessAlive;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  const report = (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));

  /** Removes workers known dead; their runs are then orphans. */
  const removeDeadWorkers = async (isStart: boolean) => {
    const others = and(ne(jobWorkers.id, workerId), notInArray(jobWorkers.id, [...liveWorkers]));
    await db
      .delete(jobWorkers)
      .where(
        and(
          others,
          lt(jobWorkers.seenAt, sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`),
        ),
      );
    if (!isStart) return;
    // Embedded: only one process can open the data folder, so every other worker is gone.
    if (database.kind === 'pglite') {
      await db.delete(jobWorkers).where(others);
      return;
    }
    const local = await db
      .select({ id: jobWorkers.id, pid: jobWorkers.pid })
      .from(jobWorkers)
      .where(and(others, eq(jobWorkers.host, host)));
    const dead = local.filter((worker) => worker.pid === pid || !isAlive(worker.pid));
    if (dead.length > 0) {
      await db.delete(jobWorkers).where(
        inArray(
          jobWorkers.id,
          dead.map((worker) => worker.id),
        ),
      );
    }
  };

  const sweep = async ({ isStart = false } = {}) => {
    await removeDeadWorkers(isStart);
    const orphans = await db
      .select({ jobId: jobRuns.jobId, workerId: jobRuns.workerId })
      .from(jobRuns)
      .where(
        and(
          ne(jobRuns.workerId, workerId),
          sql`NOT EXISTS (SELECT 1 FROM ${jobWorkers} WHERE ${jobWorkers.id} = ${jobRuns.workerId})`,
        ),
      );
    let handedBack = 0;
    for (const orphan of orphans) {
      const isHandedBack = await db.transaction(async (tx) => {
        // The delete claims the run: of two sweepers, one gets it; a live worker that took the
        // job meanwhile has put its own id on the row, which is then left alone.
        const [run] = await tx
          .delete(jobRuns)
          .where(and(eq(jobRuns.jobId, orphan.jobId), eq(jobRuns.workerId, orphan.workerId)))
          .returning({ queue: jobRuns.queue, startedAt: sql<string>`${jobRuns.startedAt}::text` });
        if (!run) return false;
        return options.handBack(tx, { jobId: orphan.jobId, ...run });
      });
      if (isHandedBack) handedBack += 1;
    }
    return handedBack;
  };

  const beat = async () => {
    await db
      .insert(jobWorkers)
      .values({ id: workerId, host, pid })
      .onConflictDoUpdate({ target: jobWorkers.id, set: { seenAt: sql`now()` } });
  };

  const tick = async () => {
    try {
      await beat();
      await sweep();
    } catch (error) {
      // The database may be away for a while: the next tick tries again.
      report(error);
    }
  };

  return {
    workerId,
    sweep,
    beat,

    async start() {
      liveWorkers.add(workerId);
      await beat();
      await sweep({ isStart: true });
      timer = setInterval(() => {
        ticking ??= tick().finally(() => {
          ticking = undefined;
        });
      }, HEARTBEAT_INTERVAL_MS);
      timer.unref();
    },

    async stop() {
      clearInterval(timer);
      timer = undefined;
      await ticking;
      liveWorkers.delete(workerId);
      try {
        await db.delete(jobRuns).where(eq(jobRuns.workerId, workerId));
        await db.delete(jobWorkers).where(eq(jobWorkers.id, workerId));
      } catch (error) {
        // Left behind, they are swept as a dead worker's.
        report(error);
      }
    },

    async begin(tx, queue, jobIds) {
      if (jobIds.length === 0) return;
      await tx
        .insert(jobRuns)
        .values(jobIds.map((jobId) => ({ jobId, queue, workerId })))
        .onConflictDoUpdate({
          target: jobRuns.jobId,
          set: { queue, workerId, startedAt: sql`now()` },
        });
    },

    async end(jobId) {
      await db.delete(jobRuns).where(and(eq(jobRuns.jobId, jobId), eq(jobRuns.workerId, workerId)));
    },
  };
}

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, jobWorkers } from '../../db/schema';
import { eventually } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createJobs, defineJob, type Jobs } from './jobs';
import { createJobLeases, type OrphanRun } from './leases';

/** A worker row as another process would have left it; `seenSecondsAgo` ages its heartbeat. */
async function addWorker(
  database: TestDatabase,
  worker: { host: string; pid: number; seenSecondsAgo: number },
): Promise<string> {
  const id = randomUUID();
  await database.db.insert(jobWorkers).values({
    id,
    host: worker.host,
    pid: worker.pid,
    seenAt: sql`now() - make_interval(secs => ${worker.seenSecondsAgo})`,
  });
  return id;
}

async function addRun(database: TestDatabase, workerId: string, queue = 'test.any') {
  const jobId = randomUUID();
  await database.db.insert(jobRuns).values({ jobId, queue, workerId });
  return jobId;
}

const idsOf = async (database: TestDatabase) => ({
  workers: (await database.db.select({ id: jobWorkers.id }).from(jobWorkers)).map((r) => r.id),
  runs: (await database.db.select({ id: jobRuns.jobId }).from(jobRuns)).map((r) => r.id),
});

describe('the sweeper', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  const leasesFor = (handed: OrphanRun[], options: { isAlive?: (pid: number) => boolean } = {}) =>
    createJobLeases(database, {
      host: 'this-host',
      pid: 1,
      isAlive: options.isAlive ?? (() => true),
      async handBack(_tx, run) {
        handed.push(run);
        return true;
      },
    });

  it("hands back the runs of a worker whose heartbeat stopped, not a live worker's", async () => {
    const stale = await addWorker(database, { host: 'other', pid: 10, seenSecondsAgo: 45 });
    const live = await addWorker(database, { host: 'other', pid: 11, seenSecondsAgo: 5 });
    const staleRun = await addRun(database, stale);
    const liveRun = await addRun(database, live);
    // A run whose worker row is gone is a dead worker's too.
    const orphanRun = await addRun(database, randomUUID());
    const handed: OrphanRun[] = [];

    expect(await leasesFor(handed).sweep()).toBe(2);

    expect(handed.map((run) => run.jobId).sort()).toEqual([staleRun, orphanRun].sort());
    expect(handed[0]?.queue).toBe('test.any');
    const left = await idsOf(database);
    expect(left.workers).toEqual([live]);
    expect(left.runs).toEqual([liveRun]);
    await database.db.delete(jobRuns);
    await database.db.delete(jobWorkers);
  });

  it('at start takes over a worker of this host whose process is gone or has our pid', async () => {
    const gone = await addWorker(database, { host: 'this-host', pid: 4242, seenSecondsAgo: 2 });
    const ourPid = await addWorker(database, { host: 'this-host', pid: 1, seenSecondsAgo: 2 });
    const alive = await addWorker(database, { host: 'this-host', pid: 777, seenSecondsAgo: 2 });
    const elsewhere = await addWorker(database, { host: 'other', pid: 4242, seenSecondsAgo: 2 });
    const runs = {
      gone: await addRun(database, gone),
      ourPid: await addRun(database, ourPid),
      alive: await addRun(database, alive),
      elsewhere: await addRun(database, elsewhere),
    };
    const handed: OrphanRun[] = [];
    const leases = leasesFor(handed, { isAlive: (pid) => pid !== 4242 });

    await leases.start();
    const left = await idsOf(database);
    await leases.stop();

    if (database.kind === 'pglite') {
      // Only one process opens the data folder: every other worker is gone.
      expect(handed).toHaveLength(4);
      expect(left).toEqual({ workers: [leases.workerId], runs: [] });
    } else {
      expect(handed.map((run) => run.jobId).sort()).toEqual([runs.gone, runs.ourPid].sort());
      expect(left.workers.sort()).toEqual([alive, elsewhere, leases.workerId].sort());
      expect(left.runs.sort()).toEqual([runs.alive, runs.elsewhere].sort());
    }
    // Stopped, the worker leaves no row behind.
    expect((await idsOf(database)).workers).not.toContain(leases.workerId);
    await database.db.delete(jobRuns);
    await database.db.delete(jobWorkers);
  });

  it('hands a run back once when two sweepers find it together', async () => {
    const stale = await addWorker(database, { host: 'other', pid: 10, seenSecondsAgo: 45 });
    await addRun(database, stale);
    const handed: OrphanRun[] = [];
    const counts = await Promise.all([leasesFor(handed).sweep(), leasesFor(handed).sweep()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(handed).toHaveLength(1);
  });

  it('registers again a worker that a sweeper removed, on its next heartbeat', async () => {
    const leases = leasesFor([]);
    await leases.beat();
    await database.db.delete(jobWorkers).where(eq(jobWorkers.id, leases.workerId));
    await leases.beat();
    expect((await idsOf(database)).workers).toContain(leases.workerId);
  });
});

describe('jobs of a dead worker', () => {
  let database: TestDatabase;
  const started: Jobs[] = [];
  const runs: Record<string, number> = {};
  const seenRuns: Record<string, { workerId: string }[]> = {};

  // A long retry delay: a job handed back runs at once anyway, for a crash is not its failure.
  const resumedJob = defineJob<{ tag: string }>({
    name: 'test.resumed',
    retryLimit: 3,
    retryDelaySeconds: 120,
    expireInSeconds: 600,
    async handle({ tag }, { jobId }) {
      runs[tag] = (runs[tag] ?? 0) + 1;
      seenRuns[tag] = await database.db
        .select({ workerId: jobRuns.workerId })
        .from(jobRuns)
        .where(eq(jobRuns.jobId, jobId));
      if (tag.startsWith('failing')) throw new Error('this run fails');
    },
  });

  const startJobs = async (isWorker: boolean) => {
    const jobs = createJobs(database, { pollingIntervalSeconds: 0.5 });
    jobs.register(resumedJob);
    await jobs.start({ isWorker });
    started.push(jobs);
    return jobs;
  };

  /** A job as a dead worker left it: fetched (active) and noted as its run. */
  const leaveActiveJob = async (jobs: Jobs, tag: string, runStartedSecondsAgo = 0) => {
    const jobId = await database.db.transaction((tx) =>
      jobs.enqueue(tx, resumedJob, { tag }, { startAfter: new Date(Date.now() + 3_600_000) }),
    );
    await database.db.execute(
      sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = ${jobId}`,
    );
    const deadWorker = await addWorker(database, { host: 'gone', pid: 10, seenSecondsAgo: 60 });
    await database.db.insert(jobRuns).values({
      jobId,
      queue: resumedJob.name,
      workerId: deadWorker,
      startedAt: sql`now() + make_interval(secs => ${-runStartedSecondsAgo})`,
    });
    return { jobId, deadWorker };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    await database?.close();
  });

  it('runs again as soon as a worker starts, not after its retry delay or expiry', async () => {
    const web = await startJobs(false);
    const { jobId, deadWorker } = await leaveActiveJob(web, 'resumed');
    const worker = await startJobs(true);

    const job = await eventually(async () => {
      const found = await worker.getJob(resumedJob.name, jobId);
      return found?.state === 'completed' ? found : undefined;
    }, 10_000);
    expect(runs.resumed).toBe(1);
    // The interrupted run counts as a try.
    expect(job.retryCount).toBe(1);
    const left = await idsOf(database);
    expect(left.workers).not.toContain(deadWorker);
    expect(left.runs).toEqual([]);
  });

  it('notes each run under its worker while it lasts, and forgets it however it ended', async () => {
    const worker = started.at(-1) as Jobs;
    const ok = await database.db.transaction((tx) =>
      worker.enqueue(tx, resumedJob, { tag: 'noted' }),
    );
    const failing = await database.db.transaction((tx) =>
      worker.enqueue(tx, resumedJob, { tag: 'failing' }),
    );
    await eventually(async () =>
      (await worker.getJob(resumedJob.name, ok))?.state === 'completed' ? true : undefined,
    );
    await eventually(async () =>
      (await worker.getJob(resumedJob.name, failing))?.state === 'retry' ? true : undefined,
    );
    const workerIds = (await idsOf(database)).workers;
    for (const tag of ['noted', 'failing']) {
      expect(seenRuns[tag]).toHaveLength(1);
      expect(workerIds).toContain(seenRuns[tag]?.[0]?.workerId);
    }
    await eventually(async () => ((await idsOf(database)).runs.length === 0 ? true : undefined));
  });

  it('leaves alone a job fetched again after the dead run began (expired and taken by another)', async () => {
    const web = started[0] as Jobs;
    // The run was noted a minute before the job's current start: that start is someone else's.
    const { jobId } = await leaveActiveJob(web, 'refetched', 60);
    await startJobs(true);

    const job = await web.getJob(resumedJob.name, jobId);
    expect(job).toEqual({ state: 'active', retryCount: 0 });
    expect((await idsOf(database)).runs).not.toContain(jobId);
    expect(runs.refetched).toBeUndefined();
  });
});

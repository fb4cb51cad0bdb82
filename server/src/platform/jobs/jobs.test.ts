import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createJobs, defineJob, type Jobs } from './jobs';

let database: TestDatabase;
let jobs: Jobs;
const runs: Record<string, number> = {};
const failuresLeft: Record<string, number> = {};

const recordJob = defineJob<{ tag: string }>({
  name: 'test.record',
  retryLimit: 0,
  expireInSeconds: 30,
  async handle({ tag }) {
    runs[tag] = (runs[tag] ?? 0) + 1;
  },
});

const flakyJob = defineJob<{ tag: string }>({
  name: 'test.flaky',
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 30,
  async handle({ tag }) {
    runs[tag] = (runs[tag] ?? 0) + 1;
    if ((failuresLeft[tag] ?? 0) > 0) {
      failuresLeft[tag] = (failuresLeft[tag] ?? 0) - 1;
      throw new Error('temporary failure');
    }
  },
});

/** Cut short by the database going away on its first runs; slow retries if counted as a fault. */
const cutShortJob = defineJob<{ tag: string }>({
  name: 'test.cut-short',
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 30,
  async handle({ tag }, context) {
    runs[tag] = (runs[tag] ?? 0) + 1;
    retryCounts.push(context.retryCount);
    if ((failuresLeft[tag] ?? 0) > 0) {
      failuresLeft[tag] = (failuresLeft[tag] ?? 0) - 1;
      throw new Error('Failed query: select 1', {
        cause: Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
          severity: 'FATAL',
        }),
      });
    }
  },
});
const retryCounts: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = createJobs(database, { pollingIntervalSeconds: 0.5 });
  jobs.register(recordJob);
  jobs.register(flakyJob);
  jobs.register(cutShortJob);
  await jobs.start({ isWorker: true });
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

describe('durable jobs', () => {
  it('runs a job enqueued in a committed transaction exactly once', async () => {
    let jobId = '';
    await database.db.transaction(async (tx) => {
      jobId = await jobs.enqueue(tx, recordJob, { tag: 'committed' });
    });
    expect(jobId).toBeTruthy();
    await eventually(async () => {
      const job = await jobs.getJob(recordJob.name, jobId);
      return job?.state === 'completed' ? job : undefined;
    });
    // Give a second worker poll the chance to run it again, which it must not.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs.committed).toBe(1);
  });

  it('never runs a job whose transaction rolled back', async () => {
    let jobId = '';
    await expect(
      database.db.transaction(async (tx) => {
        jobId = await jobs.enqueue(tx, recordJob, { tag: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(jobId).toBeTruthy();
    // A committed job enqueued after it runs, so the worker has been polling meanwhile.
    await database.db.transaction((tx) => jobs.enqueue(tx, recordJob, { tag: 'after-rollback' }));
    await eventually(() => runs['after-rollback']);
    expect(runs['rolled-back']).toBeUndefined();
    expect(await jobs.getJob(recordJob.name, jobId)).toBeNull();
  });

  it('enqueues many jobs in one statement, each run once, none when the transaction rolls back', async () => {
    const tags = ['many-1', 'many-2', 'many-3'];
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueueMany(
          tx,
          recordJob,
          tags.map((tag) => ({ tag: `rolled-${tag}` })),
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction((tx) =>
      jobs.enqueueMany(
        tx,
        recordJob,
        tags.map((tag) => ({ tag })),
      ),
    );
    await eventually(() => (tags.every((tag) => runs[tag] === 1) ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(tags.map((tag) => runs[tag])).toEqual([1, 1, 1]);
    expect(tags.map((tag) => runs[`rolled-${tag}`])).toEqual([undefined, undefined, undefined]);
  });

  it('retries a failing job until it succeeds', async () => {
    failuresLeft.flaky = 2;
    let jobId = '';
    await database.db.transaction(async (tx) => {
      jobId = await jobs.enqueue(tx, flakyJob, { tag: 'flaky' });
    });
    const job = await eventually(async () => {
      const found = await jobs.getJob(flakyJob.name, jobId);
      return found?.state === 'completed' ? found : undefined;
    }, 30_000);
    expect(runs.flaky).toBe(3);
    expect(job.retryCount).toBe(2);
  });

  it('runs a job the database cut short again at once, without counting the try', async () => {
    // Three cuts with a retry limit of 1 and a minute's retry delay: counted as faults, the job
    // would have failed for good, or waited minutes.
    failuresLeft['cut-short'] = 3;
    let jobId = '';
    await database.db.transaction(async (tx) => {
      jobId = await jobs.enqueue(tx, cutShortJob, { tag: 'cut-short' });
    });
    const job = await eventually(async () => {
      const found = await jobs.getJob(cutShortJob.name, jobId);
      return found?.state === 'completed' ? found : undefined;
    }, 15_000);
    expect(runs['cut-short']).toBe(4);
    expect(retryCounts).toEqual([0, 0, 0, 0]);
    expect(job.retryCount).toBe(0);
  });

  it('runs a delayed job no earlier than asked', async () => {
    const startAfter = new Date(Date.now() + 2500);
    await database.db.transaction((tx) =>
      jobs.enqueue(tx, recordJob, { tag: 'delayed' }, { startAfter }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs.delayed).toBeUndefined();
    await eventually(() => runs.delayed);
    expect(Date.now()).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('fetches for an idle queue only when the probe finds work for it', async () => {
    await eventually(() => jobs.workStats(recordJob.name));
    const before = jobs.workStats(recordJob.name)?.fetches ?? 0;
    // Four of the probe's looks (0.5 s apart) with nothing due: no fetch (each queue's
    // worker fetched twice a second before, with or without work).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(jobs.workStats(recordJob.name)?.fetches).toBe(before);
    await database.db.transaction((tx) => jobs.enqueue(tx, recordJob, { tag: 'probed' }));
    await eventually(() => runs.probed);
    expect(jobs.workStats(recordJob.name)?.fetches).toBeGreaterThan(before);
  });

  it('wakes the worker of a job enqueued in this process once its transaction commits', async () => {
    // A probe that would look only after ten minutes, and idle workers that fetch on their own
    // only every 30 s: the job runs at once because its commit wakes the worker.
    const nudgedJob = defineJob<{ tag: string }>({
      name: 'test.nudged',
      retryLimit: 0,
      expireInSeconds: 30,
      async handle({ tag }) {
        runs[tag] = (runs[tag] ?? 0) + 1;
      },
    });
    const slow = createJobs(database, { pollingIntervalSeconds: 600 });
    slow.register(nudgedJob);
    await slow.start({ isWorker: true });
    try {
      await eventually(() => (slow.workStats(nudgedJob.name)?.idleWaits ?? 0) > 0 || undefined);
      await database.db.transaction((tx) => slow.enqueue(tx, nudgedJob, { tag: 'nudged' }));
      await eventually(() => runs.nudged, 10_000);
      expect(runs.nudged).toBe(1);
    } finally {
      await slow.stop();
    }
  });

  it('keeps a cron schedule, one per job', async () => {
    await jobs.schedule(recordJob, '0 3 * * *', { tag: 'nightly' });
    await jobs.schedule(recordJob, '30 4 * * *', { tag: 'nightly' });
    expect(await jobs.listSchedules()).toEqual([
      { name: recordJob.name, cron: '30 4 * * *', data: { tag: 'nightly' } },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/app';
import { createQueueWorker, type FetchedJob } from './worker';

/** A queue in memory: what the worker fetched, completed and failed, and how it ran them. */
function memoryQueue(count: number, options: { expireInSeconds?: number } = {}) {
  const waiting: FetchedJob[] = Array.from({ length: count }, (_, i) => ({
    id: `job-${i}`,
    data: { i },
    retryCount: 0,
    expireInSeconds: options.expireInSeconds ?? 30,
  }));
  const state = {
    waiting,
    batchSizes: [] as number[],
    completed: [] as string[],
    failed: [] as { id: string; message: string }[],
    running: 0,
    mostRunning: 0,
  };
  return {
    state,
    fetch: async (batchSize: number) => {
      state.batchSizes.push(batchSize);
      return state.waiting.splice(0, batchSize);
    },
    complete: async (id: string) => {
      state.completed.push(id);
    },
    fail: async (id: string, error: unknown) => {
      state.failed.push({ id, message: (error as Error).message });
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a queue worker', () => {
  it('runs the jobs side by side up to its concurrency, fetching again at once while there is work', async () => {
    const queue = memoryQueue(50);
    const worker = createQueueWorker({
      concurrency: 4,
      // A pause between jobs would outlast the test.
      pollingIntervalMs: 60_000,
      ...queue,
      async run() {
        queue.state.running += 1;
        queue.state.mostRunning = Math.max(queue.state.mostRunning, queue.state.running);
        await tick();
        queue.state.running -= 1;
      },
      onError: (error) => {
        throw error;
      },
    });
    worker.start();
    await eventually(() => (queue.state.completed.length === 50 ? true : undefined));
    expect(new Set(queue.state.completed).size).toBe(50);
    expect(queue.state.mostRunning).toBe(4);
    expect(queue.state.batchSizes[0]).toBe(4);
    expect(worker.stats.jobs).toBe(50);
    expect(worker.stats.fetches).toBeLessThanOrEqual(50 - 4 + 2);
    expect(worker.stats.idleWaits).toBeLessThanOrEqual(1);
    expect(await worker.stop(1000)).toEqual([]);
  });

  it('polls an idle queue once per interval, however many jobs it may run', async () => {
    const queue = memoryQueue(0);
    const worker = createQueueWorker({
      concurrency: 5,
      pollingIntervalMs: 20,
      ...queue,
      run: async () => {},
      onError: () => {},
    });
    worker.start();
    await eventually(() => (worker.stats.fetches >= 5 ? true : undefined));
    await worker.stop(1000);
    // Every fetch found the queue empty and was followed by one wait (the last one by the stop).
    expect(worker.stats.fetches - worker.stats.idleWaits).toBeLessThanOrEqual(1);
    expect(new Set(queue.state.batchSizes)).toEqual(new Set([5]));
  });

  it('fails a run that outlasts its expiry and goes on with the next job', async () => {
    const queue = memoryQueue(2, { expireInSeconds: 1 });
    const worker = createQueueWorker({
      concurrency: 1,
      pollingIntervalMs: 60_000,
      ...queue,
      run: (job) => (job.id === 'job-0' ? new Promise(() => {}) : Promise.resolve()),
      onError: () => {},
    });
    worker.start();
    await eventually(() => (queue.state.completed.length === 1 ? true : undefined));
    expect(queue.state.failed).toEqual([
      { id: 'job-0', message: 'handler execution exceeded 1000ms' },
    ]);
    expect(queue.state.completed).toEqual(['job-1']);
    await worker.stop(1000);
  });

  it('records an outcome again while its failure passes, and reports one that does not', async () => {
    const queue = memoryQueue(2);
    const errors: string[] = [];
    let refusals = 3;
    const worker = createQueueWorker({
      concurrency: 1,
      pollingIntervalMs: 60_000,
      ...queue,
      run: async () => {},
      async complete(id) {
        if (id === 'job-0' && refusals > 0) {
          refusals -= 1;
          throw new Error('the database is away');
        }
        if (id === 'job-1') throw new Error('a bug');
        queue.state.completed.push(id);
      },
      isPassing: (error) => (error as Error).message === 'the database is away',
      onError: (error) => errors.push(error.message),
    });
    worker.start();
    await eventually(() => (errors.length === 1 ? true : undefined));
    expect(refusals).toBe(0);
    expect(queue.state.completed).toEqual(['job-0']);
    expect(errors).toEqual(['a bug']);
    await worker.stop(1000);
  });

  it('on stop, waits for running jobs and gives back those still running, uncompleted', async () => {
    const queue = memoryQueue(2);
    let finishQuick: (() => void) | undefined;
    const worker = createQueueWorker({
      concurrency: 2,
      pollingIntervalMs: 60_000,
      ...queue,
      run: (job) =>
        job.id === 'job-0'
          ? new Promise(() => {})
          : new Promise<void>((resolve) => {
              finishQuick = resolve;
            }),
      onError: () => {},
    });
    worker.start();
    await eventually(() => finishQuick);
    const stopping = worker.stop(300);
    finishQuick?.();
    expect(await stopping).toEqual(['job-0']);
    expect(queue.state.completed).toEqual(['job-1']);
    expect(queue.state.failed).toEqual([]);
  });
});

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { answerWhenStopped } from './jobs';

/*
 * After the jobs stop, pg-boss can still run a statement: a handler that outlived the graceful
 * stop is completed or failed, a timer fires. Those get an empty answer; the ones pg-boss reads
 * a count from must get a count row, or its `rows[0].count` throws an unhandled rejection (seen
 * in CI after a mail test's stop).
 */

const require = createRequire(import.meta.url);
const plans = require('pg-boss/src/plans.js') as Record<string, (...args: unknown[]) => string>;
const call = (name: string, ...args: unknown[]) => {
  const plan = plans[name];
  if (!plan) throw new Error(`pg-boss has no plan ${name}`);
  return plan('pgboss', ...args);
};

describe('pg-boss statements once the jobs are stopped', () => {
  it('answers complete, fail, cancel and resume with a zero count', () => {
    for (const name of ['completeJobs', 'failJobsById', 'cancelJobs', 'resumeJobs']) {
      expect(answerWhenStopped(call(name)).rows, name).toEqual([{ count: '0' }]);
    }
  });

  it('answers a fetch with no jobs', () => {
    expect(answerWhenStopped(call('fetchNextJob', {})).rows).toEqual([]);
  });
});

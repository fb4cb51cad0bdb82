import { describe, expect, it } from 'vitest';
import { drizzleWrapped, pgError } from '../test/pg-errors';
import { isDatabaseUnavailable } from './unavailable';

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures, also wrapped in a cause chain', () => {
    const failures = [
      pgError('08006'),
      pgError('08001'),
      pgError('57P01', 'FATAL', 'terminating connection due to administrator command'),
      pgError('57P02'),
      pgError('57P03'),
      pgError('53300'),
      // A database closed to connections refuses with a FATAL outside the classes above.
      pgError('55000', 'FATAL', 'database "pactum" is not currently accepting connections'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }),
      Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]),
    ];
    for (const failure of failures) {
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      expect(isDatabaseUnavailable(drizzleWrapped(failure)), String(failure)).toBe(true);
      expect(isDatabaseUnavailable(drizzleWrapped(drizzleWrapped(failure)))).toBe(true);
    }
  });

  it('leaves ordinary failures alone', () => {
    const others: unknown[] = [
      new Error('boom'),
      pgError('23505'),
      pgError('40001'),
      pgError('42P01'),
      pgError('55000'),
      drizzleWrapped(pgError('22P02')),
      new Error('Connection terminated for a reason of its own'),
      Object.assign(new Error('no file'), { code: 'ENOENT' }),
      'a string',
      undefined,
      null,
    ];
    for (const other of others) expect(isDatabaseUnavailable(other), String(other)).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const first: { cause?: unknown } = new Error('first');
    first.cause = drizzleWrapped(first);
    expect(isDatabaseUnavailable(first)).toBe(false);
  });
});

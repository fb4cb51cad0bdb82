import { errorMessages } from '@pactum/core/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandler } from './error-handler';

/** An error as `pg` builds it from a server message: a SQLSTATE and a severity. */
function pgError(code: string, severity = 'ERROR', message = 'server said no') {
  return Object.assign(new Error(message), { code, severity });
}

/** As Drizzle throws a failed query: its own error, the driver's in `cause`. */
function drizzleWrapped(cause: unknown) {
  return Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
}

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

describe('the error handler', () => {
  async function answerTo(error: Error) {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/fails', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/fails' });
    await app.close();
    return response;
  }

  it('answers 503 with Retry-After while the database cannot be reached', async () => {
    const response = await answerTo(
      drizzleWrapped(pgError('57P01', 'FATAL', 'terminating connection')),
    );
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({
      error: { code: 'unavailable', message: errorMessages.en.unavailable, params: {} },
    });
  });

  it('still answers 500 without details for anything else', async () => {
    const response = await answerTo(drizzleWrapped(pgError('42P01', 'ERROR', 'no such table')));
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({
      error: { code: 'internal', message: errorMessages.en.internal, params: {} },
    });
  });
});

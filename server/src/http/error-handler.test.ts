import { errorMessages } from '@pactum/core/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drizzleWrapped, pgError } from '../test/pg-errors';
import { registerErrorHandler } from './error-handler';

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

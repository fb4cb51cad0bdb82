import { type ErrorBody, type ErrorParams, errorMessage } from '@pactum/core/errors';
import { translateMessage } from '@pactum/core/validation';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

/** Fastify's own client errors (body too large, bad JSON...) mapped to our codes. */
const STATUS_CODES = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
} as const;

/** How long a client or balancer should wait before asking a server without its database again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Node socket errors of a connection that is refused, cut or silent (the database's, mostly). */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** SQLSTATEs outside class 08 that mean the server is going away or takes no one now. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What `pg` says when it loses a connection or waits for one in vain. */
const CONNECTION_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  // A statement on a client whose connection was lost between two statements of its work.
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether an error means the database could not be reached, rather than that the request or
 * the code is wrong: a reason to answer 503 and retry, not 500. Drizzle wraps the driver's error
 * in `cause`, and a refused connect to several addresses is an AggregateError, so both are
 * followed. A FATAL or PANIC error from PostgreSQL ends the session (a database closed to
 * connections says so as FATAL 55000), so it counts as well.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 10) return false;
  const { code, severity, message, cause, errors } = error as {
    code?: unknown;
    severity?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.includes(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

function body(
  code: ErrorBody['error']['code'],
  params: ErrorParams = {},
  extra: {
    message?: string;
    fields?: Record<string, string> | undefined;
    retryAfterSeconds?: number | undefined;
  } = {},
): ErrorBody {
  const { fields, retryAfterSeconds } = extra;
  return {
    error: {
      code,
      message: extra.message ?? errorMessage(code, params),
      params,
      ...(fields ? { fields } : {}),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    },
  };
}

/**
 * The one place that turns a failure into an answer: AppError keeps its code and params, validation
 * failures list their fields (400), Fastify's client errors keep their status, a database out
 * of reach is a 503 with Retry-After, and anything else is a 500 whose text stays in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(
        body(error.code, error.params, {
          message: error.message,
          fields: error.fields,
          retryAfterSeconds: error.retryAfterSeconds,
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (error as { validationContext?: string }).validationContext ||
          'body';
        fields[path] ??= translateMessage(issue.message ?? 'Invalid value', 'en');
      }
      const message = Object.entries(fields)
        .map(([field, text]) => `${field}: ${text}`)
        .join('; ');
      return reply.status(400).send(body('validation_failed', {}, { message, fields }));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status as keyof typeof STATUS_CODES] ?? 'validation_failed';
      if (status === 429) return reply.status(429).send(body(code));
      // Fastify's own texts ('Body cannot be empty…') are for programs: the code says the rest.
      return reply.status(status).send(body(code, {}, { message: error.message || undefined }));
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the client is asked to retry, and a warning per request suffices.
      request.log.warn({ err: error }, 'a connection the request needs failed');
      void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(body('unavailable'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(body('internal'));
  });
}

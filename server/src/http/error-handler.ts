import { type ErrorBody, type ErrorParams, errorMessage } from '@pactum/core/errors';
import { translateMessage } from '@pactum/core/validation';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
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

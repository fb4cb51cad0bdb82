import { type ErrorBody, errorMessages } from '@pactum/core/errors';
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

function body(
  code: ErrorBody['error']['code'],
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/**
 * The one place that turns a failure into an answer: AppError keeps its message, validation
 * failures list their fields (400), Fastify's client errors keep their status, and anything
 * else is a 500 whose text stays in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
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
      return reply.status(400).send(body('validation_failed', message, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status as keyof typeof STATUS_CODES] ?? 'validation_failed';
      if (status === 429) return reply.status(429).send(body(code, errorMessages.en.rate_limited));
      return reply.status(status).send(body(code, error.message || errorMessages.en[code]));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(body('internal', errorMessages.en.internal));
  });
}

import { type ErrorCode, errorCodes, errorMessages } from '@pactum/core/errors';

/**
 * The one error type services throw for an expected failure. `message` is what the user
 * reads (the spec's text where it has one); the status comes from the code.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** When to try again, in seconds: sent as the Retry-After header and in the body. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string = errorMessages.en[code],
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.code = code;
    this.statusCode = errorCodes[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers =
      options.retryAfterSeconds === undefined
        ? options.headers
        : { ...options.headers, 'retry-after': String(options.retryAfterSeconds) };
  }
}

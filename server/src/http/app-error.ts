import { type ErrorCode, type ErrorParams, errorCodes, errorMessage } from '@pactum/core/errors';

/**
 * The one error type services throw for an expected failure: a specific code (its HTTP status
 * comes with it) and the values its text names. The answer carries both, with the English text
 * as `message`; the web shows the code's text in the user's language.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly params: ErrorParams;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** When to try again, in seconds: sent as the Retry-After header and in the body. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    params: ErrorParams = {},
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(errorMessage(code, params));
    this.code = code;
    this.statusCode = errorCodes[code];
    this.params = params;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers =
      options.retryAfterSeconds === undefined
        ? options.headers
        : { ...options.headers, 'retry-after': String(options.retryAfterSeconds) };
  }
}

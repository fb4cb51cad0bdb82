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

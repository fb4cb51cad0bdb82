/* Errors as the database driver and Drizzle throw them, for tests of how they are judged. */

/** An error as `pg` builds it from a server message: a SQLSTATE and a severity. */
export function pgError(code: string, severity = 'ERROR', message = 'server said no') {
  return Object.assign(new Error(message), { code, severity });
}

/** As Drizzle throws a failed query: its own error, the driver's in `cause`. */
export function drizzleWrapped(cause: unknown) {
  return Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
}

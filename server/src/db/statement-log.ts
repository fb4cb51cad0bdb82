import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

/*
 * Counting the statements a piece of work sends: `recordStatements(fn)` collects the SQL of
 * every Drizzle statement issued inside `fn` (and only there: the record follows the async
 * context, so other requests running meanwhile are not counted). Tests use it to hold a route
 * to the reads it is meant to make; outside a recording the logger does nothing.
 */

const recording = new AsyncLocalStorage<string[]>();

/** The Drizzle logger of both database clients. */
export const statementLogger: Logger = {
  logQuery(query) {
    recording.getStore()?.push(query);
  },
};

/** Runs `fn`, returning its result and the SQL of each statement it sent, in order. */
export async function recordStatements<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  // Awaited inside the run: Drizzle's queries and Fastify's inject are lazy thenables that
  // start only when awaited, which must happen within the recording's context.
  const result = await recording.run(statements, async () => await fn());
  return { result, statements };
}

/** The statements that read or write `table` (by its quoted name in FROM, JOIN, UPDATE or INTO). */
export function statementsOn(statements: string[], table: string): string[] {
  const pattern = new RegExp(`\\b(from|join|update|into)\\s+"${table}"`, 'i');
  return statements.filter((statement) => pattern.test(statement));
}

import { searchQuerySchema } from '@pactum/core/api/search';
import { searchWords } from '@pactum/core/search';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../server/src/db/client';
import { searchDocuments } from '../../server/src/features/search/queries';

/*
 * BENCH_EXPLAIN=1: the search route's statement, built by the route's own query code
 * (`searchDocuments`, with the words and page the service derives from `q`), captured instead
 * of run, then run as `EXPLAIN (ANALYZE, BUFFERS)` for a seeded searcher.
 */

/** Tables a search must reach by index: a sequential scan of one reads the whole volume. */
const SEARCHED_TABLES = [
  'search_entry',
  'deal',
  'deal_section',
  'deal_signer',
  'archive_item',
  'archive_page',
  'document_access',
  'workspace_member',
];

export type SearchPlan = {
  scenario: string;
  q: string;
  /** The EXPLAIN output, one line per element. */
  lines: string[];
  /** Searched tables read by a sequential scan (none, for an index-driven plan). */
  seqScans: string[];
  /** Every index the plan reads. */
  indexes: string[];
  /** Rows the statement answers (the first page, plus one that tells there are more). */
  hits: number;
  planningMs: number;
  executionMs: number;
  /** Whether PostgreSQL JIT-compiled the statement (its cost estimate passed jit_above_cost). */
  isJitted: boolean;
};

/** The statement `searchDocuments` would run, with its parameters, without running it. */
async function captureSearchStatement(
  db: Db,
  options: Parameters<typeof searchDocuments>[1],
): Promise<{ sql: string; params: unknown[] }> {
  let captured: SQL | undefined;
  const capturing = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return async (query: SQL) => {
          captured = query;
          return { rows: [] };
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  await searchDocuments(capturing, options);
  if (!captured) throw new Error('searchDocuments ran no statement');
  return new PgDialect().sqlToQuery(captured);
}

function uniqueMatches(lines: string[], pattern: RegExp): string[] {
  const found = new Set<string>();
  for (const line of lines) {
    for (const match of line.matchAll(pattern)) if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/** Runs the scenario's search statement under EXPLAIN (ANALYZE, BUFFERS), warm (twice). */
export async function explainSearch(
  database: Database,
  options: { scenario: string; user: { id: string; email: string }; q: string },
): Promise<SearchPlan> {
  const query = searchQuerySchema.parse({ q: options.q });
  const statement = await captureSearchStatement(database.db, {
    user: { id: options.user.id, email: options.user.email },
    words: searchWords(query.q),
    tags: [],
    collection: query.collection,
    limit: query.pageSize + 1,
    offset: (query.page - 1) * query.pageSize,
  });
  const { rows } = await database.query(statement.sql, statement.params);
  const explain = `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`;
  await database.query(explain, statement.params);
  const plan = await database.query(explain, statement.params);
  const lines = plan.rows.map((row) => String(row['QUERY PLAN'] ?? Object.values(row)[0]));
  const timing = (label: string) =>
    Number(lines.find((line) => line.startsWith(label))?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN);
  return {
    scenario: options.scenario,
    q: options.q,
    lines,
    seqScans: uniqueMatches(lines, /Seq Scan on (\w+)/g).filter((table) =>
      SEARCHED_TABLES.includes(table),
    ),
    indexes: uniqueMatches(
      lines,
      /(?:Index Scan|Index Only Scan|Bitmap Index Scan)[^\n]*? (?:using|on) (\w+)/g,
    ),
    hits: rows.length,
    planningMs: timing('Planning Time'),
    executionMs: timing('Execution Time'),
    isJitted: lines.some((line) => line.startsWith('JIT:')),
  };
}

import type { Database } from '../../db/client';

/**
 * Rebuilds the whole search index from its sources in one transaction (`pactum_search_reindex()`
 * of migration 0014): for operators after a restore, or when what is indexed changes. Searches
 * running meanwhile see the old index until it commits. Answers the entries written.
 */
export async function reindexSearch(database: Database): Promise<number> {
  const { rows } = await database.query('SELECT pactum_search_reindex() AS written');
  return Number((rows[0] as { written: number | string } | undefined)?.written ?? 0);
}

import { loadConfig } from '../config';
import { reindexSearch } from '../features/search/reindex';
import { openConfiguredDatabase } from '../start';

/**
 * `npm run search:reindex`: rebuilds the search index of the configured database (DATABASE_URL,
 * or the embedded one in DATA_DIR, which must not be open in a running server). The index is
 * kept current by triggers; this is for operators after a restore or a change of what is indexed.
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const started = performance.now();
  const written = await reindexSearch(database);
  console.info(
    `Search index rebuilt: ${written} entries in ${Math.round(performance.now() - started)} ms.`,
  );
} finally {
  await database.close();
}

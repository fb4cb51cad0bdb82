import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/*
 * Every embedded database opens with the contrib extensions the migrations create (search:
 * `pg_trgm` for names and typos, `unaccent` for the text search configurations). A data folder
 * or a snapshot made with them needs them loaded again each time it is opened.
 */

export const pgliteExtensions = { pg_trgm, unaccent };

/** Opens an embedded database in a folder (or in memory) with Pactum's extensions. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: pgliteExtensions });
}

/** The same, synchronously constructed (for callers that await `waitReady` themselves). */
export function newPglite(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: pgliteExtensions });
}

import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/*
 * Every embedded database opens with the contrib extensions the migrations create (search:
 * `pg_trgm` for names and typos, `unaccent` for the text search configurations). A data folder
 * or a snapshot made with them needs them loaded again each time it is opened.
 */

export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * The embedded server's own database runs with 64 MB of shared buffers instead of PostgreSQL's
 * 128 MB: the buffers live in the process's memory, and the smaller cache takes about 70 MB off
 * a fresh start (`npm start`'s goal is 400 MB resident) while the files stay in the OS cache.
 */
export const serverStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'];

/** Opens an embedded database in a folder (or in memory) with Pactum's extensions. */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: pgliteExtensions });
}

/** The same, synchronously constructed (for callers that await `waitReady` themselves). */
export function newPglite(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: pgliteExtensions });
}

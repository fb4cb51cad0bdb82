import type { Database } from '../../server/src/db/client';
import type { DealSectionsMode, SeedResult } from './seed';

/*
 * A kept bench database (BENCH_KEEP_DATABASE=1) carries what its seed returned and the volume it
 * was seeded at, so a later run on it (BENCH_DATABASE_NAME) loads the same sessions and reports
 * the same facts instead of seeding for minutes. The table lies outside the app's schema; no
 * migration knows it.
 */

const TABLE = 'bench_seed_result';

/** What a kept database holds: the seed's result and the volume settings that made it. */
export type KeptSeed = {
  seed: SeedResult;
  volume: string;
  scale: number;
  dealSections: DealSectionsMode;
};

/** Stores the seed's result in the kept database, replacing any earlier one. */
export async function storeSeedResult(database: Database, kept: KeptSeed): Promise<void> {
  await database.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (result jsonb NOT NULL)`);
  await database.query(`DELETE FROM ${TABLE}`);
  await database.query(`INSERT INTO ${TABLE} (result) VALUES ($1)`, [JSON.stringify(kept)]);
}

/** What an earlier run stored; a database that was never seeded and kept has none. */
export async function loadSeedResult(database: Database, name: string): Promise<KeptSeed> {
  const { rows } = await database
    .query(`SELECT result FROM ${TABLE}`)
    .catch(() => ({ rows: [] as Record<string, unknown>[] }));
  const kept = rows[0]?.result as KeptSeed | undefined;
  if (!kept?.seed) {
    throw new Error(`${name} holds no seed result: seed it with BENCH_KEEP_DATABASE=1 first`);
  }
  return kept;
}

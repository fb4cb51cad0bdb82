import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { templates } from '../../db/schema';
import type { Platform } from '../../platform/platform';
import { type CardRow, cardColumns } from './queries';

/*
 * The global partner templates are the same for every user and change rarely (an administrator
 * publishes, edits or deletes one; the seed adds Pactum's own), yet every library page that
 * shows them ('all', 'global') would read them all. Each process keeps their cards in memory
 * and reads them again only when they changed.
 *
 * Several processes can serve one PostgreSQL, so a change made in one must reach the others.
 * A change made in this process drops the cache at once (`invalidateGlobalTemplates`, after
 * the commit). For the others, the cache asks the database at most once a second whether the
 * global rows changed: one aggregate over the global rows (index `template_global_idx`) of the
 * live count, the newest change and the newest deletion. Publishing, unpublishing, editing and
 * deleting a global template, its section edits (they touch the template's modified_at) and the
 * seed all move one of the three. A check per request would cost a round trip on every library
 * page for a change made a few times a day; a check a second costs nothing measurable at any
 * load and leaves another process at most a second behind. A plain time bound with no check
 * would have to choose between stale minutes and re-reading every global template often.
 */

/** How long a process trusts its global cards before it checks the version again (ms). */
export const GLOBAL_CHECK_INTERVAL_MS = 1000;

export type GlobalTemplates = {
  /** Newest change first, ties by id (descending), as the library lists. */
  cards: CardRow[];
  /** The values of the card filters among the global templates, each once. */
  choices: { category: string[]; language: string[]; region: string[]; partner: string[] };
};

type Entry = GlobalTemplates & { version: string; checkedAt: number };

type CacheState = {
  entry: Entry | null;
  loading: Promise<Entry> | null;
  /** Bumped by every invalidation: a read begun before one is not kept. */
  generation: number;
  /** Full reads of the global cards and version checks, for the tests and the bench. */
  reads: number;
  checks: number;
};

/** One cache per platform: a process has one; a test with two platforms plays two processes. */
const states = new WeakMap<Platform, CacheState>();
/** The caches of this process on each database handle, for writers that hold no platform. */
const statesOfDatabase = new WeakMap<Database, Set<CacheState>>();

function stateOf(platform: Platform): CacheState {
  let state = states.get(platform);
  if (!state) {
    state = { entry: null, loading: null, generation: 0, reads: 0, checks: 0 };
    states.set(platform, state);
    const siblings = statesOfDatabase.get(platform.database) ?? new Set<CacheState>();
    siblings.add(state);
    statesOfDatabase.set(platform.database, siblings);
  }
  return state;
}

function drop(state: CacheState): void {
  state.generation += 1;
  state.entry = null;
  state.loading = null;
}

/** The global rows' version: live count, newest modified_at, newest deleted_at. */
async function readVersion(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({
      version: sql<string>`count(*) FILTER (WHERE ${templates.deletedAt} IS NULL)::text
        || '|' || coalesce(max(${templates.modifiedAt})::text, '')
        || '|' || coalesce(max(${templates.deletedAt})::text, '')`,
    })
    .from(templates)
    .where(eq(templates.isGlobal, true));
  return row?.version ?? '';
}

const distinctSorted = (values: Array<string | null>) =>
  [...new Set(values.filter((value): value is string => !!value))].sort((a, b) =>
    a.localeCompare(b),
  );

async function readCards(db: DbOrTx): Promise<GlobalTemplates> {
  // A search reads the global templates in SQL (`selectSearchedCards`), so the cards hold no
  // search text: no whole abstracts in memory.
  const cards = await db
    .select(cardColumns)
    .from(templates)
    .where(and(eq(templates.isGlobal, true), isNull(templates.deletedAt)))
    .orderBy(desc(templates.modifiedAt), desc(templates.id));
  return {
    cards,
    choices: {
      category: distinctSorted(cards.map((card) => card.category)),
      language: distinctSorted(cards.map((card) => card.language)),
      region: distinctSorted(cards.map((card) => card.region)),
      partner: distinctSorted(cards.map((card) => card.partner)),
    },
  };
}

async function refresh(platform: Platform, state: CacheState, now: number): Promise<Entry> {
  const { db } = platform.database;
  const generation = state.generation;
  state.checks += 1;
  const version = await readVersion(db);
  const current = state.entry;
  if (current && current.version === version && state.generation === generation) {
    current.checkedAt = now;
    return current;
  }
  state.reads += 1;
  const fresh: Entry = { ...(await readCards(db)), version, checkedAt: now };
  // A change committed while this read ran has dropped the cache: keep nothing then, so the
  // next list reads again (the answer itself is as fresh as a read without a cache).
  if (state.generation === generation) state.entry = fresh;
  return fresh;
}

/**
 * The global templates' cards from this process's cache: read once, checked against the
 * database's version at most once a second, and read again only after a change.
 */
export async function globalTemplates(platform: Platform): Promise<GlobalTemplates> {
  const state = stateOf(platform);
  const now = platform.clock.now().getTime();
  const entry = state.entry;
  if (entry && now - entry.checkedAt >= 0 && now - entry.checkedAt < GLOBAL_CHECK_INTERVAL_MS) {
    return entry;
  }
  // Requests that arrive while a check or read runs share it.
  if (!state.loading) {
    state.loading = refresh(platform, state, now).finally(() => {
      state.loading = null;
    });
  }
  return state.loading;
}

/**
 * Drops this process's global cards: call after a commit that created, changed, published,
 * unpublished or deleted a global template. Other processes see the change by the version check.
 */
export function invalidateGlobalTemplates(platform: Platform): void {
  drop(stateOf(platform));
}

/** The same for every cache of this process on a database (the seed runs without a platform). */
export function invalidateGlobalTemplatesOn(database: Database): void {
  for (const state of statesOfDatabase.get(database) ?? []) drop(state);
}

/** How often this process read the global cards and checked their version. */
export function globalTemplateCacheStats(platform: Platform): { reads: number; checks: number } {
  const { reads, checks } = stateOf(platform);
  return { reads, checks };
}

/** One thing measured: a GET on the app (or on the floor server) under steady load. */
export type Scenario = {
  name: string;
  /** Which server answers. */
  target: 'floor' | 'app';
  path: string;
  /** Sends a seeded session cookie, a different one per request. */
  isSignedIn: boolean;
  /**
   * Whose sessions: the seeded active users (unset), or the searchers, who reach 1 % of the
   * deals and archived files (the search issue's user).
   */
  sessions?: 'searchers';
  /** The search query of a `/api/v1/search` scenario, for its EXPLAIN (BENCH_EXPLAIN). */
  searchQuery?: string;
  description: string;
};

/** A search scenario: the route as the drawer calls it (first page, default page size). */
function searchScenario(name: string, query: string, description: string): Scenario {
  return {
    name,
    target: 'app',
    path: `/api/v1/search?q=${encodeURIComponent(query)}`,
    isSignedIn: true,
    sessions: 'searchers',
    searchQuery: query,
    description,
  };
}

export const FLOOR_SCENARIO: Scenario = {
  name: 'floor',
  target: 'floor',
  path: '/floor',
  isSignedIn: true,
  description: 'bare Fastify + the session/user join of /me, by hand',
};

/**
 * The search scenarios' queries, chosen by how many of the seeded documents hold both words
 * (bench/README.md, 'Search'); the words come from the vocabulary of `search-text.ts`.
 */
export const SEARCH_QUERIES = {
  typical: 'escrow hosting',
  rare: 'kaivutyö nosturi',
  common: 'agreement payment',
} as const;

export const APP_SCENARIOS: readonly Scenario[] = [
  {
    name: 'health',
    target: 'app',
    path: '/api/health',
    isSignedIn: false,
    description: 'liveness: SELECT 1, migration count',
  },
  {
    name: 'me',
    target: 'app',
    path: '/api/v1/me',
    isSignedIn: true,
    description: 'the signed-in user: cookie, session lookup, zod response',
  },
  {
    name: 'templates',
    target: 'app',
    path: '/api/v1/templates?filter=all',
    isSignedIn: true,
    description: 'the template library: access rows by user, workspace and group, plus globals',
  },
  {
    name: 'deals',
    target: 'app',
    path: '/api/v1/deals?group=negotiate&page=1&pageSize=10',
    isSignedIn: true,
    description: "a page of deals in negotiation: count, page, the caller's party",
  },
  {
    name: 'dashboard-recent',
    target: 'app',
    path: '/api/v1/dashboard/documents?group=recent',
    isSignedIn: true,
    description: 'Your recent documents: the deals the caller sees and their drafts, newest 6',
  },
  {
    name: 'dashboard-negotiate',
    target: 'app',
    path: '/api/v1/dashboard/documents?group=negotiate',
    isSignedIn: true,
    description: 'the Negotiations widget: the newest 6 deals of the negotiate list',
  },
  {
    name: 'dashboard-to-sign',
    target: 'app',
    path: '/api/v1/dashboard/to-sign',
    isSignedIn: true,
    description: "You to sign: the caller's unsigned signer slots on deals in signing (20)",
  },
  {
    name: 'dashboard-alerts',
    target: 'app',
    path: '/api/v1/dashboard/alerts',
    isSignedIn: true,
    description: 'Upcoming alerts naming the caller, on archive files they may open',
  },
  {
    name: 'dashboard-changes',
    target: 'app',
    path: '/api/v1/dashboard/changes',
    isSignedIn: true,
    description: 'Latest changes by others: 10 events each of the 100 latest documents',
  },
  searchScenario(
    'search',
    SEARCH_QUERIES.typical,
    'two words, each in 11 % of the documents, both in 3 %: the first page of 15',
  ),
  searchScenario(
    'search-rare',
    SEARCH_QUERIES.rare,
    'two Finnish words, each in 2 % of the documents, both in 0.35 %: a few hits',
  ),
  searchScenario(
    'search-common',
    SEARCH_QUERIES.common,
    'two of the commonest words, both in 60 % of the documents: all ranked for one page',
  ),
  {
    name: 'openapi',
    target: 'app',
    path: '/api/openapi.json',
    isSignedIn: false,
    description: 'the OpenAPI document (no database)',
  },
];

/**
 * The floor, then the app scenarios named on the command line in the order given (all of
 * them when none is named). An unknown name stops the run before anything starts.
 */
export function selectScenarios(names: string[]): Scenario[] {
  const wanted = names.filter((name) => name !== FLOOR_SCENARIO.name);
  if (wanted.length === 0) return [FLOOR_SCENARIO, ...APP_SCENARIOS];
  const selected = wanted.map((name) => {
    const scenario = APP_SCENARIOS.find((candidate) => candidate.name === name);
    if (!scenario) {
      const known = [FLOOR_SCENARIO, ...APP_SCENARIOS].map((s) => s.name).join(', ');
      throw new Error(`Unknown scenario "${name}"; known: ${known}`);
    }
    return scenario;
  });
  return [FLOOR_SCENARIO, ...new Set(selected)];
}

/**
 * How a scenario is loaded: `get`, one GET of `path`; `page`, the GETs of `paths` in order, as a
 * page asks for them when it opens; `deal-load`, the deal page's GETs on a deal the caller may
 * open; `section-save`, the editor's lock and save (the save is measured); `send`, a timed send of
 * a draft to 100 receivers (seconds, not a load).
 */
export type ScenarioKind = 'get' | 'page' | 'deal-load' | 'section-save' | 'send';

/** A figure of the table a scenario is held to. */
export type Goal = {
  /** As the issue words it. */
  text: string;
  /** At least this share of the floor's requests per second. */
  minRpsRatio?: number;
  /** At most this p95, in milliseconds. */
  maxP95Ms?: number;
  /** At most this many seconds (send-to-100), embedded PGlite and PostgreSQL. */
  maxSeconds?: { pglite: number; postgres: number };
};

/** One thing measured: requests on the app (or on the floor server) under steady load. */
export type Scenario = {
  name: string;
  kind: ScenarioKind;
  /** Which server answers. */
  target: 'floor' | 'app';
  /** The request, as shown in the report (`page`: the first of `paths`, then how many more). */
  path: string;
  /** The requests of a `page` scenario. */
  paths?: string[];
  /** Sends a seeded session cookie, a different one per request. */
  isSignedIn: boolean;
  /**
   * Whose sessions: the seeded active users (unset), or the searchers, who reach 1 % of the
   * deals and archived files (the search issue's user).
   */
  sessions?: 'searchers';
  /** The search query of a `/api/v1/search` scenario, for its EXPLAIN (BENCH_EXPLAIN). */
  searchQuery?: string;
  /** Sent with every request, e.g. `accept-encoding` as a browser sends it. */
  headers?: Record<string, string>;
  description: string;
  goal?: Goal;
};

/** A search scenario: the route as the drawer calls it (first page, default page size). */
function searchScenario(name: string, query: string, description: string): Scenario {
  return {
    name,
    kind: 'get',
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
  kind: 'get',
  target: 'floor',
  path: '/floor',
  isSignedIn: true,
  description: "bare Fastify + pg: the session's user, then the caller's 5 newest deals, by hand",
};

/**
 * What the dashboard home asks for when it opens (web/src/features/dashboard: the five document
 * widgets, You to sign, the alerts, the workspaces and the feed; the shell's /me is cached).
 */
export const DASHBOARD_PATHS = [
  '/api/v1/dashboard/documents?group=recent',
  '/api/v1/dashboard/to-sign',
  '/api/v1/dashboard/alerts',
  '/api/v1/dashboard/documents?group=drafts',
  '/api/v1/dashboard/documents?group=negotiate',
  '/api/v1/dashboard/documents?group=waiting',
  '/api/v1/dashboard/documents?group=signed',
  '/api/v1/workspaces',
  '/api/v1/dashboard/changes',
];

/**
 * What the deal editor asks for when it opens (web/src/features/deals: the deal, its party's
 * comment threads, the info panel's activity); `:id` is a deal the caller may open.
 */
export const DEAL_LOAD_PATHS = [
  '/api/v1/deals/:id',
  '/api/v1/deals/:id/comments',
  '/api/v1/deals/:id/events',
];

/**
 * The web library's page size (TEMPLATE_PAGE_SIZE of the paged library); a server without
 * paging refuses the page parameters, and the first page of it is the whole list.
 */
export const TEMPLATE_PAGE_SIZE = 24;
export const TEMPLATE_LIBRARY_PATHS = [
  `/api/v1/templates?filter=all&page=1&pageSize=${TEMPLATE_PAGE_SIZE}`,
  '/api/v1/templates?filter=all',
];

/** Receivers of the send-to-100 scenario. */
export const SEND_RECEIVERS = 100;

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
    name: 'dashboard',
    kind: 'page',
    target: 'app',
    path: `${DASHBOARD_PATHS[0]} + ${DASHBOARD_PATHS.length - 1}`,
    paths: DASHBOARD_PATHS,
    isSignedIn: true,
    description: "the dashboard home's 9 requests in turn, one user per page load",
    goal: { text: '>= 0.5 of the floor, p95 <= 50 ms', minRpsRatio: 0.5, maxP95Ms: 50 },
  },
  {
    name: 'deal-load',
    kind: 'deal-load',
    target: 'app',
    path: DEAL_LOAD_PATHS.join(' + '),
    isSignedIn: true,
    description: 'the deal editor opening a deal the caller reaches: the deal, comments, activity',
    goal: { text: '>= 0.3 of the floor, p95 <= 100 ms', minRpsRatio: 0.3, maxP95Ms: 100 },
  },
  {
    name: 'section-save',
    kind: 'section-save',
    target: 'app',
    path: 'PUT /api/v1/deals/:id/sections/:sectionId (after POST …/lock)',
    isSignedIn: true,
    description:
      "the editor's save of an unlocked section of a deal in negotiation (saves counted)",
  },
  {
    name: 'send-100',
    kind: 'send',
    target: 'app',
    path: 'POST /api/v1/drafts/:id/send',
    isSignedIn: true,
    description: `one draft sent to ${SEND_RECEIVERS} receivers: seconds until the deals exist and the invite mails are delivered`,
    goal: {
      text: '<= 10 s embedded, <= 5 s PostgreSQL (all mails delivered)',
      maxSeconds: { pglite: 10, postgres: 5 },
    },
  },
  {
    kind: 'get',
    name: 'health',
    target: 'app',
    path: '/api/health',
    isSignedIn: false,
    description: 'liveness: SELECT 1, migration count',
  },
  {
    kind: 'get',
    name: 'me',
    target: 'app',
    path: '/api/v1/me',
    isSignedIn: true,
    description: 'the signed-in user: cookie, session lookup, zod response',
  },
  {
    kind: 'get',
    name: 'templates',
    target: 'app',
    path: TEMPLATE_LIBRARY_PATHS[0] ?? '',
    isSignedIn: true,
    description: "the template library's first page (the whole list where it has no paging)",
  },
  {
    kind: 'get',
    name: 'deals',
    target: 'app',
    path: '/api/v1/deals?group=negotiate&page=1&pageSize=10',
    isSignedIn: true,
    description: "a page of deals in negotiation: count, page, the caller's party",
  },
  {
    kind: 'get',
    name: 'dashboard-recent',
    target: 'app',
    path: '/api/v1/dashboard/documents?group=recent',
    isSignedIn: true,
    description: 'Your recent documents: the deals the caller sees and their drafts, newest 6',
  },
  {
    kind: 'get',
    name: 'dashboard-negotiate',
    target: 'app',
    path: '/api/v1/dashboard/documents?group=negotiate',
    isSignedIn: true,
    description: 'the Negotiations widget: the newest 6 deals of the negotiate list',
  },
  {
    kind: 'get',
    name: 'dashboard-to-sign',
    target: 'app',
    path: '/api/v1/dashboard/to-sign',
    isSignedIn: true,
    description: "You to sign: the caller's unsigned signer slots on deals in signing (20)",
  },
  {
    kind: 'get',
    name: 'dashboard-alerts',
    target: 'app',
    path: '/api/v1/dashboard/alerts',
    isSignedIn: true,
    description: 'Upcoming alerts naming the caller, on archive files they may open',
  },
  {
    kind: 'get',
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
    kind: 'get',
    name: 'openapi',
    target: 'app',
    path: '/api/openapi.json',
    isSignedIn: false,
    headers: { 'accept-encoding': 'br, gzip' },
    description: 'the OpenAPI document as a browser asks for it, compressed (no database)',
  },
  {
    kind: 'get',
    name: 'openapi-plain',
    target: 'app',
    path: '/api/openapi.json',
    isSignedIn: false,
    description: 'the OpenAPI document uncompressed, as a client without Accept-Encoding gets it',
  },
];

/** Figures measured beside the load, not with autocannon (startup.ts, route weight, pdf-first.ts). */
export const FIGURES = ['startup', 'sign-in-js', 'pdf-first'] as const;
export type Figure = (typeof FIGURES)[number];

/** What a run does when no name is given: the issue's figures (issue 20's table). */
export const DEFAULT_SELECTION = [
  'me',
  'dashboard',
  'deal-load',
  'section-save',
  'templates',
  'send-100',
  ...FIGURES,
];

export type Selection = { scenarios: Scenario[]; figures: Figure[] };

const isFigure = (name: string): name is Figure => (FIGURES as readonly string[]).includes(name);

/**
 * The floor, then the app scenarios named on the command line in the order given, and the
 * figures named (`DEFAULT_SELECTION` when none is named; `all` for every scenario and figure).
 * An unknown name stops the run before anything starts.
 */
export function selectScenarios(names: string[]): Selection {
  const named = names.filter((name) => name !== FLOOR_SCENARIO.name);
  const wanted =
    named.length === 0
      ? DEFAULT_SELECTION
      : named.flatMap((name) =>
          name === 'all' ? [...APP_SCENARIOS.map((scenario) => scenario.name), ...FIGURES] : [name],
        );
  const scenarios: Scenario[] = [];
  const figures: Figure[] = [];
  for (const name of wanted) {
    if (isFigure(name)) {
      if (!figures.includes(name)) figures.push(name);
      continue;
    }
    const scenario = APP_SCENARIOS.find((candidate) => candidate.name === name);
    if (!scenario) {
      const known = [FLOOR_SCENARIO, ...APP_SCENARIOS].map((s) => s.name).concat(FIGURES);
      throw new Error(`Unknown scenario "${name}"; known: all, ${known.join(', ')}`);
    }
    if (!scenarios.includes(scenario)) scenarios.push(scenario);
  }
  return { scenarios: [FLOOR_SCENARIO, ...scenarios], figures };
}

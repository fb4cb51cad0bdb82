/** One request of a plan: `kind` names it in the per-request figures (`LoadStats.parts`). */
export type LoadRequest = {
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query on the target server. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent besides the session cookie, e.g. `accept-encoding` as a browser sends it. */
  headers?: Record<string, string>;
};

/**
 * What one connection does in a loop: a *visit* is one signed-in user's requests in order (a
 * page's requests, or one GET). Each loop picks a visit at random; every visit has the same
 * number of requests.
 */
export type VisitsPlan = {
  kind: 'visits';
  /** The session cookie's name; unset sends no cookie. */
  cookieName: string | undefined;
  visits: { token: string | undefined; requests: LoadRequest[] }[];
};

/** A section a connection may lock and save: the caller's, unlocked, on a deal in negotiation. */
export type SaveTarget = {
  token: string;
  dealId: string;
  sectionId: string;
  title: string;
  /** The section's log length as seeded: the `baseLogLength` of the first save. */
  logLength: number;
};

/**
 * The editor's save: open the section (POST …/lock), then save it (PUT …, which closes it), with
 * the log length the lock answered and a text that differs from the last save's. Each connection
 * holds one target at a time, so no two connections touch the same section.
 */
export type SectionSavePlan = { kind: 'section-save'; cookieName: string; targets: SaveTarget[] };

export type LoadPlan = VisitsPlan | SectionSavePlan;

/** What the parent asks the load-generator process to do. */
export type LoadJob = {
  /** Always `http://127.0.0.1:<port>`. */
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  /** An unmeasured run first, so the JIT and the database caches are warm. */
  warmupSeconds: number;
  plan: LoadPlan;
  /**
   * The request kind the headline figures count (the save of the save flow); unset counts every
   * request of the plan.
   */
  measuredKind?: string;
  /** Seeds the order visits are picked in. */
  seed: number;
};

export type LatencySummary = {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
};

/** The figures of one request kind of a plan. */
export type PartStats = {
  requests: number;
  requestsPerSecond: number;
  latencyMs: LatencySummary;
  non2xx: number;
  statusCodes: Record<string, number>;
};

/** One measured run: latencies in milliseconds, of 2xx responses only (as autocannon does). */
export type LoadStats = {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMs: LatencySummary;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Per request kind, when the plan has more than one. */
  parts: Record<string, PartStats>;
};

export type LoadReply = { type: 'result'; stats: LoadStats } | { type: 'error'; message: string };

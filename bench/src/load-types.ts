/** What the parent asks the load-generator process to do. */
export type LoadJob = {
  /** Always `http://127.0.0.1:<port>/...`. */
  url: string;
  connections: number;
  durationSeconds: number;
  /** An unmeasured run first, so the JIT and the database caches are warm. */
  warmupSeconds: number;
  /** Sent as `Cookie: <name>=<token>`, a different seeded token per request. */
  sessionCookie?: { name: string; tokens: string[] };
  /** Seeds the order tokens are sent in. */
  seed: number;
};

export type LatencySummary = {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
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
};

export type LoadReply = { type: 'result'; stats: LoadStats } | { type: 'error'; message: string };

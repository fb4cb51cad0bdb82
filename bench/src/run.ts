import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createSessionCookie } from '../../server/src/platform/auth/auth';
import { createPlatform, startPlatform, stopPlatform } from '../../server/src/platform/platform';
import { type BenchDatabase, openBenchDatabase } from './bench-database';
import { explainSearch, type SearchPlan } from './explain';
import { listenUrl, startFloorServer } from './floor-server';
import { runLoad } from './load';
import type { LoadStats } from './load-types';
import {
  type BenchReport,
  compareWithFloor,
  formatFacts,
  formatResultsTable,
  type MachineFacts,
  type ScenarioResult,
  writeReport,
} from './report';
import { type Scenario, selectScenarios } from './scenarios';
import { type DealSectionsMode, type SeedResult, seedDatabase } from './seed';

/*
 * `npm run bench [-- scenario ...]`: seeds a throwaway database, starts the real app and a
 * bare "floor" server in this process, loads each scenario in turn from a child process,
 * and prints (and writes to bench/results/latest.json) how far above the floor each one is.
 */

const RESULTS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../results/latest.json',
);
/** Fixed so that every run sends the session tokens in the same order. */
const LOAD_SEED = 7;

type Settings = {
  scale: number;
  /** The deal count instead of the scaled default (BENCH_DEALS). */
  deals: number | undefined;
  /** BENCH_DEAL_SECTIONS: 1 (full), 0 (none) or short. */
  dealSections: DealSectionsMode;
  /** The archived PDF pages instead of the scaled default (BENCH_ARCHIVE_PAGES). */
  archivePages: number | undefined;
  /** BENCH_EXPLAIN=1 prints the search scenarios' query plans before loading. */
  isExplaining: boolean;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** An admin URL of a PostgreSQL server; unset means the embedded PGlite. */
  databaseUrl: string | undefined;
  scenarios: Scenario[];
};

type Server = { url: string; close(): Promise<void> };

type CookieSource = { name: string; tokens: string[] };

/** Where the scenarios are sent and with which session cookies (the active users', the searchers'). */
type Targets = {
  baseUrls: Record<Scenario['target'], string>;
  cookies: Record<'active' | 'searchers', CookieSource>;
};

function readNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  check: { min: number; isInteger: boolean },
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const isValid = Number.isFinite(value) && value >= check.min;
  if (!isValid || (check.isInteger && !Number.isInteger(value))) {
    const kind = check.isInteger ? 'an integer' : 'a number';
    throw new Error(`${name} must be ${kind} of at least ${check.min}, not "${raw}"`);
  }
  return value;
}

const DEAL_SECTIONS_MODES: Record<string, DealSectionsMode> = {
  '': 'full',
  '1': 'full',
  '0': 'none',
  short: 'short',
};

function readDealSections(raw: string | undefined): DealSectionsMode {
  const mode = DEAL_SECTIONS_MODES[raw ?? ''];
  if (!mode) throw new Error(`BENCH_DEAL_SECTIONS must be 1, 0 or short, not "${raw}"`);
  return mode;
}

function readSettings(env: NodeJS.ProcessEnv, argv: string[]): Settings {
  return {
    scale: readNumber(env, 'BENCH_SCALE', 1, { min: 0.001, isInteger: false }),
    deals: env.BENCH_DEALS
      ? readNumber(env, 'BENCH_DEALS', 0, { min: 1, isInteger: true })
      : undefined,
    dealSections: readDealSections(env.BENCH_DEAL_SECTIONS),
    archivePages: env.BENCH_ARCHIVE_PAGES
      ? readNumber(env, 'BENCH_ARCHIVE_PAGES', 0, { min: 0, isInteger: true })
      : undefined,
    isExplaining: env.BENCH_EXPLAIN === '1',
    durationSeconds: readNumber(env, 'BENCH_DURATION', 10, { min: 1, isInteger: true }),
    warmupSeconds: readNumber(env, 'BENCH_WARMUP', 2, { min: 0, isInteger: true }),
    connections: readNumber(env, 'BENCH_CONNECTIONS', 10, { min: 1, isInteger: true }),
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    scenarios: selectScenarios(argv),
  };
}

function describeMachine(): MachineFacts {
  const cpus = os.cpus();
  return {
    cpuCount: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    totalMemoryGb: os.totalmem() / 1024 ** 3,
    loadAverage: os.loadavg(),
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
  };
}

/** The app as production starts it (start.ts), on the bench database, on a free port. */
async function startAppServer(
  bench: BenchDatabase,
): Promise<Server & { startSession: (userId: string) => Promise<string> }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    // Production needs a way to deliver mail; the bench delivers none (no workers) and keeps it.
    DEV_OUTBOX: '1',
    DATA_DIR: bench.dataDir,
    DATABASE_URL: bench.url,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    RUN_WORKERS: '0',
  });
  const platform = await createPlatform(config, bench.database, {
    onJobError: (error) => console.warn('job queue error:', error.message),
  });
  const app = await buildApp({ platform, logger: false });
  await startPlatform(platform, { isWorker: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: listenUrl(app.server.address()),
    startSession: (userId) => createSessionCookie(platform.auth, userId),
    async close() {
      await app.close();
      await stopPlatform(platform);
    },
  };
}

/** The seeded `name=value` cookie pairs as one name and its values. */
function splitCookies(pairs: string[]): CookieSource {
  const name = pairs[0]?.split('=')[0] ?? '';
  return { name, tokens: pairs.map((pair) => pair.slice(pair.indexOf('=') + 1)) };
}

/** One plain request first: a scenario that does not answer 200 is not worth loading. */
async function checkScenario(url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) {
    const body = (await response.text()).slice(0, 300);
    throw new Error(`Check of ${url} answered ${response.status}, not 200: ${body}`);
  }
  await response.arrayBuffer().catch(() => {});
}

async function measureScenario(
  scenario: Scenario,
  context: Targets & { settings: Settings },
): Promise<LoadStats> {
  const { baseUrls, cookies, settings } = context;
  const cookie = cookies[scenario.sessions ?? 'active'];
  const url = `${baseUrls[scenario.target]}${scenario.path}`;
  const firstToken = cookie.tokens[0];
  if (scenario.isSignedIn && !firstToken) throw new Error('The seed made no sessions');
  await checkScenario(url, scenario.isSignedIn ? { cookie: `${cookie.name}=${firstToken}` } : {});
  console.info(`  ${scenario.name.padEnd(8)} GET ${scenario.path} ...`);
  return runLoad({
    url,
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    ...(scenario.isSignedIn ? { sessionCookie: cookie } : {}),
    seed: LOAD_SEED,
  });
}

async function runScenarios(settings: Settings, targets: Targets): Promise<ScenarioResult[]> {
  const measured = [];
  for (const scenario of settings.scenarios) {
    const stats = await measureScenario(scenario, { ...targets, settings });
    measured.push({ ...scenario, stats });
  }
  const floor = measured.find((entry) => entry.target === 'floor');
  if (!floor) throw new Error('The floor scenario did not run');
  return measured.map(({ name, path, description, stats }) =>
    compareWithFloor(floor.stats, { name, path, description, stats }),
  );
}

function buildReportHead(
  startedAt: Date,
  settings: Settings,
  bench: BenchDatabase,
  seed: SeedResult,
  machine: MachineFacts,
): Omit<BenchReport, 'scenarios' | 'searchPlans'> {
  return {
    startedAt: startedAt.toISOString(),
    machine,
    database: {
      kind: bench.database.kind,
      version: bench.serverVersion,
      sizeMb: seed.databaseBytes === undefined ? undefined : seed.databaseBytes / 1024 ** 2,
    },
    seed: {
      scale: settings.scale,
      sizes: seed.sizes,
      counts: seed.counts,
      durationSeconds: seed.durationMs / 1000,
      searchIndexSeconds: seed.searchIndexMs / 1000,
      dealSections: settings.dealSections,
      searchers: seed.searchers.map(({ deals, workspaces }) => ({ deals, workspaces })),
    },
    settings: {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
    },
  };
}

/** Closes what was opened, last first, and keeps going past a failure so nothing is left. */
async function closeAll(closers: (() => Promise<void>)[]): Promise<void> {
  // Taken out of the list, so a second call (a signal, then `finally`) closes nothing twice.
  for (const close of closers.splice(0).reverse()) {
    await close().catch((error: unknown) => console.error('Error while closing:', error));
  }
}

/** On Ctrl-C or SIGTERM, still close the app and drop the throwaway database. */
function closeOnSignal(closers: (() => Promise<void>)[]): () => void {
  const handler = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: closing ...`);
    void closeAll(closers).finally(() => process.exit(1));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/** Each selected search scenario's statement, EXPLAINed as the first searcher runs it. */
async function explainSearches(
  settings: Settings,
  bench: BenchDatabase,
  seed: SeedResult,
): Promise<SearchPlan[]> {
  const searcher = seed.searchers[0];
  if (!searcher) throw new Error('The seed made no searchers');
  const plans: SearchPlan[] = [];
  for (const scenario of settings.scenarios) {
    if (scenario.searchQuery === undefined) continue;
    const plan = await explainSearch(bench.database, {
      scenario: scenario.name,
      user: searcher,
      q: scenario.searchQuery,
    });
    plans.push(plan);
    console.info(`\nEXPLAIN (ANALYZE, BUFFERS) of ${scenario.name} (q=${scenario.searchQuery}):`);
    console.info(plan.lines.join('\n'));
    const verdict = plan.seqScans.length
      ? `SEQUENTIAL SCANS: ${plan.seqScans.join(', ')}`
      : 'no sequential scan of a searched table';
    console.info(`-> ${plan.hits} hits; ${verdict}; indexes: ${plan.indexes.join(', ')}`);
  }
  return plans;
}

async function runBench(settings: Settings): Promise<void> {
  const startedAt = new Date();
  const machine = describeMachine();
  const closers: (() => Promise<void>)[] = [];
  const stopWatchingSignals = closeOnSignal(closers);
  try {
    console.info(`Opening ${settings.databaseUrl ? 'PostgreSQL' : 'PGlite'} and seeding ...`);
    const bench = await openBenchDatabase(settings.databaseUrl);
    closers.push(() => bench.dispose());
    const app = await startAppServer(bench);
    closers.push(() => app.close());
    const seed = await seedDatabase(bench.database, {
      scale: settings.scale,
      ...(settings.deals !== undefined ? { deals: settings.deals } : {}),
      ...(settings.archivePages !== undefined ? { archivePages: settings.archivePages } : {}),
      dealSections: settings.dealSections,
      startSession: app.startSession,
    });
    const cookies = {
      active: splitCookies(seed.sessionCookies),
      searchers: splitCookies(seed.searcherCookies),
    };
    const floor = await startFloorServer(bench.database, { cookieName: cookies.active.name });
    closers.push(() => floor.close());

    const head = buildReportHead(startedAt, settings, bench, seed, machine);
    console.info(`\n${formatFacts(head)}`);
    const searchPlans = settings.isExplaining ? await explainSearches(settings, bench, seed) : [];
    console.info('\nLoading each scenario in turn:');
    const scenarios = await runScenarios(settings, {
      baseUrls: { app: app.url, floor: floor.url },
      cookies,
    });
    const report: BenchReport = { ...head, scenarios, searchPlans };
    console.info(`\n${formatResultsTable(scenarios)}\n`);
    writeReport(RESULTS_FILE, report);
    console.info(`Written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
  } finally {
    await closeAll(closers);
    stopWatchingSignals();
  }
}

Promise.resolve()
  .then(() => runBench(readSettings(process.env, process.argv.slice(2))))
  .then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createSessionCookie } from '../../server/src/platform/auth/auth';
import { createPlatform, startPlatform, stopPlatform } from '../../server/src/platform/platform';
import { type BenchDatabase, type KeepOptions, openBenchDatabase } from './bench-database';
import { explainSearch, type SearchPlan } from './explain';
import { listenUrl, startFloorServer } from './floor-server';
import { loadSeedResult, storeSeedResult } from './kept-seed';
import { runLoad } from './load';
import type { LoadPlan, LoadRequest, LoadStats, SaveTarget } from './load-types';
import { measureFirstPdf } from './pdf-first';
import {
  type BenchReport,
  compareWithFloor,
  type Figures,
  formatFacts,
  formatFigures,
  formatResultsTable,
  type GoalVerdict,
  judgeScenario,
  type MachineFacts,
  type ReportHead,
  type ScenarioResult,
  writeReport,
} from './report';
import {
  DEAL_LOAD_PATHS,
  type Figure,
  type Scenario,
  SEND_RECEIVERS,
  selectScenarios,
  TEMPLATE_LIBRARY_PATHS,
} from './scenarios';
import { type DealSectionsMode, type SeedResult, seedDatabase } from './seed';
import { type SendRun, timeSend } from './send';
import { measureStartup } from './startup';

/*
 * `npm run bench [-- scenario ...]`: measures the figures beside the load (startup, the sign-in
 * route's JavaScript, the first sealed PDF), seeds a throwaway database, starts the real app and
 * a bare "floor" server in this process, times send-to-100 with the job workers running, loads
 * each scenario in turn from a child process, and prints (and writes to
 * bench/results/latest.json) how far below the floor each one is and which goals of issue 20
 * were met.
 */

const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_FILE = path.join(BENCH_DIR, 'results/latest.json');
/** Fixed so that every run sends the session tokens in the same order. */
const LOAD_SEED = 7;

/**
 * Named volumes (BENCH_VOLUME): `issue` is issue 20's 1k workspaces, 10k users, 100k deals and
 * 1M (short) deal sections. BENCH_SCALE, BENCH_DEALS and BENCH_DEAL_SECTIONS still override it.
 */
const VOLUMES: Record<string, { scale: number; deals: number; dealSections: DealSectionsMode }> = {
  issue: { scale: 5, deals: 100_000, dealSections: 'short' },
};

type Settings = {
  /** The BENCH_VOLUME name, `default` or `custom` (see describeVolume). */
  volume: string;
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
  /** BENCH_KEEP_DATABASE and BENCH_DATABASE_NAME (PostgreSQL only). */
  keep: KeepOptions;
  scenarios: Scenario[];
  figures: Figure[];
  /** BENCH_SEND_RUNS: how many times send-to-100 is timed. */
  sendRuns: number;
  /** BENCH_SEND_LIMIT: seconds a send may take before its run is reported unfinished. */
  sendLimitSeconds: number;
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

/** The report's name of the volume: the preset, the preset with changes, the default or custom. */
function describeVolume(name: string | undefined, isCustom: boolean): string {
  if (name) return isCustom ? `${name} (changed)` : name;
  return isCustom ? 'custom' : 'default';
}

function readKeepOptions(env: NodeJS.ProcessEnv): KeepOptions {
  const keep = {
    isKept: env.BENCH_KEEP_DATABASE === '1',
    existingName: env.BENCH_DATABASE_NAME || undefined,
  };
  if ((keep.isKept || keep.existingName) && !env.BENCH_DATABASE_URL) {
    throw new Error('BENCH_KEEP_DATABASE and BENCH_DATABASE_NAME need BENCH_DATABASE_URL');
  }
  return keep;
}

function readSettings(env: NodeJS.ProcessEnv, argv: string[]): Settings {
  const volumeName = env.BENCH_VOLUME || undefined;
  const volume = volumeName === undefined ? undefined : VOLUMES[volumeName];
  if (volumeName !== undefined && !volume) {
    throw new Error(
      `BENCH_VOLUME must be one of ${Object.keys(VOLUMES).join(', ')}, not "${volumeName}"`,
    );
  }
  const isCustom = ['BENCH_SCALE', 'BENCH_DEALS', 'BENCH_DEAL_SECTIONS'].some((name) => env[name]);
  const { scenarios, figures } = selectScenarios(argv);
  return {
    volume: describeVolume(volumeName, isCustom),
    scale: readNumber(env, 'BENCH_SCALE', volume?.scale ?? 1, { min: 0.001, isInteger: false }),
    deals: env.BENCH_DEALS
      ? readNumber(env, 'BENCH_DEALS', 0, { min: 1, isInteger: true })
      : volume?.deals,
    dealSections: env.BENCH_DEAL_SECTIONS
      ? readDealSections(env.BENCH_DEAL_SECTIONS)
      : (volume?.dealSections ?? 'full'),
    archivePages: env.BENCH_ARCHIVE_PAGES
      ? readNumber(env, 'BENCH_ARCHIVE_PAGES', 0, { min: 0, isInteger: true })
      : undefined,
    isExplaining: env.BENCH_EXPLAIN === '1',
    durationSeconds: readNumber(env, 'BENCH_DURATION', 10, { min: 1, isInteger: true }),
    warmupSeconds: readNumber(env, 'BENCH_WARMUP', 2, { min: 0, isInteger: true }),
    connections: readNumber(env, 'BENCH_CONNECTIONS', 100, { min: 1, isInteger: true }),
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    keep: readKeepOptions(env),
    scenarios,
    figures,
    sendRuns: readNumber(env, 'BENCH_SEND_RUNS', 3, { min: 1, isInteger: true }),
    sendLimitSeconds: readNumber(env, 'BENCH_SEND_LIMIT', 300, { min: 1, isInteger: true }),
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

/** The production configuration, on the bench database, workers off (startWorkers adds them). */
function appConfig(bench: BenchDatabase) {
  return loadConfig({
    NODE_ENV: 'production',
    // Production needs a way to deliver mail: the dev outbox keeps it (send-to-100 counts it).
    DEV_OUTBOX: '1',
    DATA_DIR: bench.dataDir,
    DATABASE_URL: bench.url,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    RUN_WORKERS: '0',
  });
}

/** The app as production starts it (start.ts), on the bench database, on a free port. */
async function startAppServer(
  bench: BenchDatabase,
): Promise<Server & { startSession: (userId: string) => Promise<string> }> {
  const platform = await createPlatform(appConfig(bench), bench.database, {
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

/**
 * The job workers, in this process beside the app (as `npm start` runs them): a second platform
 * on the same database with every job the app registers, polling. Only send-to-100 runs them,
 * so the load scenarios are measured without their work.
 */
async function startWorkers(bench: BenchDatabase): Promise<() => Promise<void>> {
  const platform = await createPlatform(appConfig(bench), bench.database, {
    onJobError: (error) => console.warn('job queue error:', error.message),
  });
  const app = await buildApp({ platform, logger: false });
  await startPlatform(platform, { isWorker: true });
  return async () => {
    await app.close();
    await stopPlatform(platform);
  };
}

/** The seeded `name=value` cookie pairs as one name and its values. */
function splitCookies(pairs: string[]): CookieSource {
  const name = pairs[0]?.split('=')[0] ?? '';
  return { name, tokens: pairs.map((pair) => pair.slice(pair.indexOf('=') + 1)) };
}

/** One plain request first: a request that does not answer 2xx is not worth loading. */
async function checkRequest(
  baseUrl: string,
  request: LoadRequest,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const hasBody = request.body !== undefined;
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.text() };
}

async function expectOk(baseUrl: string, request: LoadRequest, headers: Record<string, string>) {
  const { status, body } = await checkRequest(baseUrl, request, headers);
  if (status < 200 || status >= 300) {
    throw new Error(
      `Check of ${request.method} ${request.path} answered ${status}, not 2xx: ${body.slice(0, 300)}`,
    );
  }
}

const get = (path: string, kind = path): LoadRequest => ({ kind, method: 'GET', path });
/** A short name of a page's request for the report: the path after /api/v1/. */
const shortKind = (path: string) => path.replace(/^\/api\/v1\//, '');

type PlanContext = Targets & {
  database: BenchDatabase['database'];
  seed: SeedResult;
  connections: number;
};

/** Up to `perUser` deals each session user is a party of, by user. */
async function dealsOfUsers(context: PlanContext, perUser: number): Promise<Map<string, string[]>> {
  const { rows } = await context.database.query(
    `SELECT user_id, document_id FROM (
       SELECT a.user_id, a.document_id,
         row_number() OVER (PARTITION BY a.user_id ORDER BY a.document_id) AS n
       FROM document_access a JOIN deal d ON d.id = a.document_id
       WHERE a.collection = 'deals' AND a.user_id = ANY($1::uuid[]) AND d.state <> 'trash'
     ) AS mine WHERE n <= $2`,
    [context.seed.sessionUserIds, perUser],
  );
  const byUser = new Map<string, string[]>();
  for (const row of rows) {
    const userId = String(row.user_id);
    byUser.set(userId, [...(byUser.get(userId) ?? []), String(row.document_id)]);
  }
  return byUser;
}

/** The deal editor's requests on up to 5 deals of each session user. */
async function dealLoadPlan(context: PlanContext): Promise<LoadPlan> {
  const byUser = await dealsOfUsers(context, 5);
  const { tokens, name } = context.cookies.active;
  const visits = context.seed.sessionUserIds.flatMap((userId, index) =>
    (byUser.get(userId) ?? []).map((dealId) => ({
      token: tokens[index],
      requests: DEAL_LOAD_PATHS.map((path) => {
        const kind = shortKind(path).replace(':id/', '').replace(':id', 'deal');
        return get(path.replace(':id', dealId), kind);
      }),
    })),
  );
  if (visits.length === 0) throw new Error('No session user is a party of a deal');
  return { kind: 'visits', cookieName: name, visits };
}

/**
 * Sections the session users may save: in deals in negotiation they are a party of with edit
 * access, a normal section not agreed and not locked, one per deal, twice as many as connections
 * where the volume has them (each connection holds one while it locks and saves).
 */
async function sectionSavePlan(context: PlanContext): Promise<LoadPlan> {
  const wanted = context.connections * 2;
  const { rows } = await context.database.query(
    `SELECT DISTINCT ON (d.id) a.user_id, d.id AS deal_id, s.id AS section_id, s.title,
       jsonb_array_length(s.log) AS log_length
     FROM document_access a
     JOIN deal d ON d.id = a.document_id AND d.state = 'negotiate'
     JOIN deal_section s ON s.deal_id = d.id AND s.type = 'normal' AND s.deleted_at IS NULL
       AND s.locked_by IS NULL AND s.state IS DISTINCT FROM 'agreed'
     WHERE a.collection = 'deals' AND a.role = 'edit' AND a.party IS NOT NULL
       AND a.user_id = ANY($1::uuid[])
     ORDER BY d.id, s.position
     LIMIT $2`,
    [context.seed.sessionUserIds, wanted],
  );
  const tokenOf = new Map(
    context.seed.sessionUserIds.map((userId, index) => [
      userId,
      context.cookies.active.tokens[index],
    ]),
  );
  const targets: SaveTarget[] = rows.flatMap((row) => {
    const token = tokenOf.get(String(row.user_id));
    return token
      ? [
          {
            token,
            dealId: String(row.deal_id),
            sectionId: String(row.section_id),
            title: String(row.title),
            logLength: Number(row.log_length),
          },
        ]
      : [];
  });
  if (targets.length === 0) {
    throw new Error(
      'No section to save: section-save needs deal sections (BENCH_DEAL_SECTIONS 1 or short)',
    );
  }
  if (targets.length < context.connections) {
    console.warn(
      `  section-save: only ${targets.length} sections for ${context.connections} connections`,
    );
  }
  return { kind: 'section-save', cookieName: context.cookies.active.name, targets };
}

/** The library's first page with the web's page size, or the whole list where it has no paging. */
async function templatesPath(context: PlanContext): Promise<string> {
  const [paged, whole] = TEMPLATE_LIBRARY_PATHS;
  if (!paged || !whole) throw new Error('No template library path');
  const cookie = `${context.cookies.active.name}=${context.cookies.active.tokens[0]}`;
  const answer = await checkRequest(context.baseUrls.app, get(paged), { cookie });
  return answer.status === 400 ? whole : paged;
}

/** Every GET scenario: one visit per session (of the active users or the searchers). */
async function visitsPlan(scenario: Scenario, context: PlanContext): Promise<LoadPlan> {
  const cookie = context.cookies[scenario.sessions ?? 'active'];
  const paths =
    scenario.kind === 'page'
      ? (scenario.paths ?? [])
      : [scenario.name === 'templates' ? await templatesPath(context) : scenario.path];
  const requests = paths.map((path) => ({
    ...get(path, shortKind(path)),
    ...(scenario.headers ? { headers: scenario.headers } : {}),
  }));
  if (!scenario.isSignedIn)
    return { kind: 'visits', cookieName: undefined, visits: [{ token: undefined, requests }] };
  if (cookie.tokens.length === 0) throw new Error('The seed made no sessions');
  return {
    kind: 'visits',
    cookieName: cookie.name,
    visits: cookie.tokens.map((token) => ({ token, requests })),
  };
}

function buildPlan(scenario: Scenario, context: PlanContext): Promise<LoadPlan> {
  if (scenario.kind === 'deal-load') return dealLoadPlan(context);
  if (scenario.kind === 'section-save') return sectionSavePlan(context);
  return visitsPlan(scenario, context);
}

/**
 * One save by hand on the last target: the lock and the save must answer 2xx. The target's log
 * length is then the saved one's.
 */
async function checkSave(baseUrl: string, cookieName: string, target: SaveTarget): Promise<void> {
  const headers = { cookie: `${cookieName}=${target.token}` };
  const sectionPath = `/api/v1/deals/${target.dealId}/sections/${target.sectionId}`;
  await expectOk(baseUrl, { kind: 'lock', method: 'POST', path: `${sectionPath}/lock` }, headers);
  const save: LoadRequest = {
    kind: 'save',
    method: 'PUT',
    path: sectionPath,
    body: {
      title: target.title,
      html: '<p>Checked before the load.</p>',
      baseLogLength: target.logLength,
    },
  };
  const { status, body } = await checkRequest(baseUrl, save, headers);
  if (status < 200 || status >= 300) {
    throw new Error(
      `Check of PUT ${sectionPath} answered ${status}, not 2xx: ${body.slice(0, 300)}`,
    );
  }
  const log = (JSON.parse(body) as { section?: { log?: unknown } }).section?.log;
  target.logLength = Array.isArray(log) ? log.length : target.logLength + 1;
}

/** Each request of the plan's first visit (or one save) must answer 2xx. */
async function checkPlan(baseUrl: string, plan: LoadPlan): Promise<void> {
  if (plan.kind === 'section-save') {
    const target = plan.targets.at(-1);
    if (target) await checkSave(baseUrl, plan.cookieName, target);
    return;
  }
  const visit = plan.visits[0];
  if (!visit) throw new Error('A plan without a visit');
  const headers: Record<string, string> =
    plan.cookieName && visit.token ? { cookie: `${plan.cookieName}=${visit.token}` } : {};
  for (const request of visit.requests) await expectOk(baseUrl, request, headers);
}

async function measureScenario(
  scenario: Scenario,
  context: PlanContext & { settings: Settings },
): Promise<LoadStats> {
  const { baseUrls, settings } = context;
  const baseUrl = baseUrls[scenario.target];
  const plan = await buildPlan(scenario, context);
  await checkPlan(baseUrl, plan);
  console.info(`  ${scenario.name.padEnd(12)} ${scenario.path} ...`);
  return runLoad({
    baseUrl,
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    plan,
    ...(scenario.kind === 'section-save' ? { measuredKind: 'save' } : {}),
    seed: LOAD_SEED,
  });
}

async function runScenarios(settings: Settings, context: PlanContext): Promise<ScenarioResult[]> {
  const measured = [];
  for (const scenario of settings.scenarios) {
    if (scenario.kind === 'send') continue;
    const stats = await measureScenario(scenario, { ...context, settings });
    measured.push({ ...scenario, stats });
  }
  const floor = measured.find((entry) => entry.target === 'floor');
  if (!floor) throw new Error('The floor scenario did not run');
  return measured.map(({ name, path, description, stats, goal }) => {
    const result = compareWithFloor(floor.stats, { name, path, description, stats });
    const verdict = judgeScenario(result, goal);
    return verdict ? { ...result, goal: verdict } : result;
  });
}

/** send-to-100, `sendRuns` times, with the job workers running meanwhile. */
async function timeSends(
  settings: Settings,
  context: PlanContext & { bench: BenchDatabase },
): Promise<(SendRun | { error: string })[]> {
  const userId = context.seed.sessionUserIds[0];
  const token = context.cookies.active.tokens[0];
  if (!userId || !token) throw new Error('The seed made no sessions');
  const stopWorkers = await startWorkers(context.bench);
  try {
    const runs: (SendRun | { error: string })[] = [];
    for (let run = 1; run <= settings.sendRuns; run++) {
      console.info(`  send-100     run ${run} of ${settings.sendRuns} ...`);
      // A run that fails is reported in its place; the others still count.
      runs.push(
        await attempt(() =>
          timeSend({
            database: context.database,
            baseUrl: context.baseUrls.app,
            sender: { userId, cookie: `${context.cookies.active.name}=${token}` },
            receivers: SEND_RECEIVERS,
            run,
            limitSeconds: settings.sendLimitSeconds,
          }),
        ),
      );
    }
    return runs;
  } finally {
    await stopWorkers();
  }
}

function sendVerdict(
  runs: (SendRun | { error: string })[] | undefined,
  kind: 'pglite' | 'postgres',
): GoalVerdict[] {
  const limit = kind === 'pglite' ? 10 : 5;
  const goal = `<= ${limit} s ${kind === 'pglite' ? 'embedded' : 'PostgreSQL'}, all invite mails delivered`;
  if (!runs) return [{ figure: 'send-100', goal, isMet: undefined }];
  const isMet = runs.every(
    (run) => !('error' in run) && run.mailsSeconds !== null && run.mailsSeconds <= limit,
  );
  return [{ figure: 'send-100', goal, isMet }];
}

/** Whatever a figure throws is reported in its place; the run goes on. */
async function attempt<T>(measure: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await measure();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The sign-in route's JavaScript, gzipped, as web/scripts/route-weight.mjs counts it. */
async function measureSignInJs(): Promise<{ gzipKb: number; files: number }> {
  const script = path.join(REPO_ROOT, 'web/scripts/route-weight.mjs');
  if (!fs.existsSync(script)) throw new Error('web/scripts/route-weight.mjs does not exist');
  const output = execFileSync(process.execPath, [script, '--route', '/login', '--json'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [route] = JSON.parse(output) as { files: unknown[]; total: { gzip: number } }[];
  if (!route) throw new Error('route-weight answered no route');
  return { gzipKb: route.total.gzip / 1024, files: route.files.length };
}

async function measureFigures(selected: Figure[]): Promise<Figures> {
  const figures: Figures = {};
  if (selected.includes('startup')) {
    console.info('  startup      (a fresh DATA_DIR) ...');
    figures.startup = await attempt(() => measureStartup(REPO_ROOT));
  }
  if (selected.includes('sign-in-js')) figures.signInJs = await attempt(measureSignInJs);
  if (selected.includes('pdf-first')) {
    console.info('  pdf-first    (a fresh process) ...');
    figures.pdfFirst = await attempt(measureFirstPdf);
  }
  return figures;
}

/** The verdicts of the figures beside the load (issue 20's table). */
function figureGoals(figures: Figures, kind: 'pglite' | 'postgres'): GoalVerdict[] {
  const goals: GoalVerdict[] = [];
  const { startup, signInJs, pdfFirst, send } = figures;
  if (startup) {
    goals.push({
      figure: 'startup',
      goal: '<= 4 s, <= 400 MB resident, one process (built, embedded)',
      isMet:
        'error' in startup
          ? undefined
          : startup.variant === 'built' &&
            startup.readySeconds <= 4 &&
            startup.rssMb <= 400 &&
            startup.processes.length === 1,
    });
  }
  if (signInJs) {
    const encoding = startup && !('error' in startup) ? startup.scriptEncoding : undefined;
    goals.push({
      figure: 'sign-in-js',
      goal: '<= 150 KB gzip, served compressed',
      // Served compressed is known only when startup ran on a web build.
      isMet:
        'error' in signInJs
          ? undefined
          : signInJs.gzipKb > 150
            ? false
            : encoding === undefined
              ? undefined
              : encoding === 'gzip' || encoding === 'br',
    });
  }
  if (pdfFirst) {
    goals.push({
      figure: 'pdf-first',
      goal: '<= 0.5 s, first sealed PDF of 20 sections',
      isMet: 'error' in pdfFirst ? undefined : pdfFirst.firstMs <= 500,
    });
  }
  if (send) goals.push(...sendVerdict('error' in send ? undefined : send, kind));
  return goals;
}

/** `git rev-parse --short HEAD` and whether `git status` shows changes. */
function describeCommit(): { hash: string; isDirty: boolean } {
  const git = (args: string[]) =>
    execFileSync('git', args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    return {
      hash: git(['rev-parse', '--short', 'HEAD']),
      isDirty: git(['status', '--porcelain']) !== '',
    };
  } catch {
    return { hash: 'unknown', isDirty: false };
  }
}

function buildReportHead(
  startedAt: Date,
  settings: Settings,
  bench: BenchDatabase,
  seed: SeedResult,
  machine: MachineFacts,
): ReportHead {
  return {
    startedAt: startedAt.toISOString(),
    commit: describeCommit(),
    volume: settings.volume,
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

/**
 * Seeds the new database (storing the result when it is kept), or loads a kept one's result; with
 * the settings the report describes the volume by (a kept database's own, when reused).
 */
async function seedOrReuse(
  settings: Settings,
  bench: BenchDatabase,
  startSession: (userId: string) => Promise<string>,
): Promise<{ seed: SeedResult; settings: Settings }> {
  if (bench.isReused) {
    const name = settings.keep.existingName ?? '?';
    console.info(`Reusing ${name} as an earlier run seeded it (its volume, not this run's)`);
    const kept = await loadSeedResult(bench.database, name);
    const { volume, scale, dealSections } = kept;
    return {
      seed: kept.seed,
      settings: { ...settings, volume: `${volume} (kept ${name})`, scale, dealSections },
    };
  }
  const seed = await seedDatabase(bench.database, {
    scale: settings.scale,
    ...(settings.deals !== undefined ? { deals: settings.deals } : {}),
    ...(settings.archivePages !== undefined ? { archivePages: settings.archivePages } : {}),
    dealSections: settings.dealSections,
    isSearchIndexBuilt: settings.scenarios.some((scenario) => scenario.searchQuery !== undefined),
    startSession,
  });
  if (settings.keep.isKept) {
    const { volume, scale, dealSections } = settings;
    await storeSeedResult(bench.database, { seed, volume, scale, dealSections });
  }
  return { seed, settings };
}

async function runBench(settings: Settings): Promise<void> {
  const startedAt = new Date();
  const machine = describeMachine();
  const closers: (() => Promise<void>)[] = [];
  const stopWatchingSignals = closeOnSignal(closers);
  try {
    // Before the database and the app take memory and CPU, so they measure a quiet process.
    const figures = await measureFigures(settings.figures);
    console.info(`Opening ${settings.databaseUrl ? 'PostgreSQL' : 'PGlite'} and seeding ...`);
    const bench = await openBenchDatabase(settings.databaseUrl, settings.keep);
    closers.push(() => bench.dispose());
    const app = await startAppServer(bench);
    closers.push(() => app.close());
    const { seed, settings: seeded } = await seedOrReuse(settings, bench, app.startSession);
    const cookies = {
      active: splitCookies(seed.sessionCookies),
      searchers: splitCookies(seed.searcherCookies),
    };
    const floor = await startFloorServer(bench.database, {
      cookieName: cookies.active.name,
      url: bench.url,
    });
    closers.push(() => floor.close());

    const head = buildReportHead(startedAt, seeded, bench, seed, machine);
    console.info(`\n${formatFacts(head)}`);
    const searchPlans = settings.isExplaining ? await explainSearches(settings, bench, seed) : [];
    const context: PlanContext = {
      baseUrls: { app: app.url, floor: floor.url },
      cookies,
      database: bench.database,
      seed,
      connections: settings.connections,
    };
    // First, while no load has left jobs queued (a save queues notifications) for the workers.
    if (settings.scenarios.some((scenario) => scenario.kind === 'send')) {
      console.info('\nTiming send-to-100 with the job workers running:');
      figures.send = await attempt(() => timeSends(settings, { ...context, bench }));
    }
    console.info('\nLoading each scenario in turn:');
    const scenarios = await runScenarios(settings, context);
    const goals = [
      ...scenarios.flatMap((scenario) => (scenario.goal ? [scenario.goal] : [])),
      ...figureGoals(figures, bench.database.kind),
    ];
    const report: BenchReport = { ...head, scenarios, figures, goals, searchPlans };
    console.info(`\n${formatResultsTable(scenarios)}\n`);
    console.info(`${formatFigures(figures, goals)}\n`);
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

import fs from 'node:fs';
import path from 'node:path';
import type { SearchPlan } from './explain';
import type { LoadStats } from './load-types';
import type { PdfFigure } from './pdf-first';
import type { Goal } from './scenarios';
import type { DealSectionsMode, SeedSizes } from './seed';
import type { SendRun } from './send';
import type { StartupFigure } from './startup';

export type ScenarioResult = {
  name: string;
  path: string;
  description: string;
  stats: LoadStats;
  /** Against the floor: above 1 means slower (p95) or, below 1, fewer requests (rps). */
  ratios: { p95: number; requestsPerSecond: number };
  /** The figure for this scenario, when it has one, and whether the run met it. */
  goal?: GoalVerdict;
};

/** A goal of the table and whether this run met it. */
export type GoalVerdict = { figure: string; goal: string; isMet: boolean | undefined };

/** Figures measured beside the load; each is absent when not selected or it could not run. */
export type Figures = {
  startup?: StartupFigure | { error: string };
  signInJs?: { gzipKb: number; files: number } | { error: string };
  pdfFirst?: PdfFigure | { error: string };
  /** Each run's times, or why it failed. */
  send?: (SendRun | { error: string })[] | { error: string };
};

export type MachineFacts = {
  cpuCount: number;
  cpuModel: string;
  totalMemoryGb: number;
  loadAverage: number[];
  node: string;
  platform: string;
};

export type BenchReport = {
  startedAt: string;
  /** `git rev-parse --short HEAD`, and whether the tree had changes not committed. */
  commit: { hash: string; isDirty: boolean };
  /** BENCH_VOLUME's name (`issue`), or `custom` for the scale and counts given. */
  volume: string;
  machine: MachineFacts;
  database: { kind: 'pglite' | 'postgres'; version: string; sizeMb: number | undefined };
  seed: {
    scale: number;
    sizes: SeedSizes;
    counts: Record<string, number>;
    durationSeconds: number;
    /** Of `durationSeconds`: building the search index once the rows are in. */
    searchIndexSeconds: number;
    dealSections: DealSectionsMode;
    /** How many deals and workspaces each searcher reaches. */
    searchers: { deals: number; workspaces: number }[];
  };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number };
  scenarios: ScenarioResult[];
  figures: Figures;
  /** Every goal of the table this run measured, met or not. */
  goals: GoalVerdict[];
  /** With BENCH_EXPLAIN=1: the search scenarios' plans. */
  searchPlans: SearchPlan[];
};

/** A load scenario against its goal (share of the floor's requests, p95). */
export function judgeScenario(
  result: ScenarioResult,
  goal: Goal | undefined,
): GoalVerdict | undefined {
  if (!goal || (goal.minRpsRatio === undefined && goal.maxP95Ms === undefined)) return undefined;
  const isRpsMet =
    goal.minRpsRatio === undefined || result.ratios.requestsPerSecond >= goal.minRpsRatio;
  const isP95Met = goal.maxP95Ms === undefined || result.stats.latencyMs.p95 <= goal.maxP95Ms;
  const hasFailures = result.stats.non2xx > 0 || result.stats.errors > 0;
  return { figure: result.name, goal: goal.text, isMet: isRpsMet && isP95Met && !hasFailures };
}

/** Each scenario's figures divided by the floor's (the floor compared with itself gives 1). */
export function compareWithFloor(
  floor: LoadStats,
  scenario: Omit<ScenarioResult, 'ratios' | 'goal'>,
): ScenarioResult {
  return {
    ...scenario,
    ratios: {
      p95: scenario.stats.latencyMs.p95 / floor.latencyMs.p95,
      requestsPerSecond: scenario.stats.requestsPerSecond / floor.requestsPerSecond,
    },
  };
}

function formatNumber(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  // The first column is text, left-aligned; the figures are right-aligned.
  const renderRow = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [renderRow(header), rule, ...rows.map(renderRow)].join('\n');
}

export function formatResultsTable(results: ScenarioResult[]): string {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'rps ratio',
    'p95 ratio',
  ];
  // A scenario of several requests gets a line per request below it (not compared with the floor).
  const rows = results.flatMap(({ name, stats, ratios }) => [
    [
      name,
      formatNumber(stats.requestsPerSecond, 0),
      formatNumber(stats.latencyMs.p50, 2),
      formatNumber(stats.latencyMs.p95, 2),
      formatNumber(stats.latencyMs.p99, 2),
      String(stats.non2xx),
      String(stats.errors),
      formatNumber(ratios.requestsPerSecond, 2),
      formatNumber(ratios.p95, 2),
    ],
    ...Object.entries(stats.parts)
      .filter(() => Object.keys(stats.parts).length > 1)
      .map(([kind, part]) => [
        `  ${kind}`,
        formatNumber(part.requestsPerSecond, 0),
        formatNumber(part.latencyMs.p50, 2),
        formatNumber(part.latencyMs.p95, 2),
        formatNumber(part.latencyMs.p99, 2),
        String(part.non2xx),
        '',
        '',
        '',
      ]),
  ]);
  return renderTable(header, rows);
}

export type ReportHead = Omit<BenchReport, 'scenarios' | 'searchPlans' | 'figures' | 'goals'>;

export function formatFacts(report: ReportHead): string {
  const { machine, database, seed, settings, commit, volume } = report;
  const counts = Object.entries(seed.counts)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
  const size = database.sizeMb === undefined ? '' : `, ${database.sizeMb.toFixed(0)} MB`;
  return [
    `commit    ${commit.hash}${commit.isDirty ? ' (with changes not committed)' : ''}`,
    `machine   ${machine.cpuCount} CPUs (${machine.cpuModel}), ${machine.totalMemoryGb.toFixed(1)} GB, load ${machine.loadAverage.map((load) => load.toFixed(2)).join(' ')}`,
    `runtime   Node ${machine.node} on ${machine.platform}`,
    `database  ${database.kind}: ${database.version}${size}`,
    `seed      volume ${volume}, scale ${seed.scale}, sections ${seed.dealSections}, ${seed.durationSeconds.toFixed(1)} s (search index ${seed.searchIndexSeconds.toFixed(1)} s): ${counts}`,
    `load      ${settings.connections} connections, ${settings.durationSeconds} s each after ${settings.warmupSeconds} s warm-up`,
  ].join('\n');
}

const seconds = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : value.toFixed(2);

/** The figures beside the load, one line each, then the goals met and not met. */
export function formatFigures(figures: Figures, goals: GoalVerdict[]): string {
  const lines: string[] = [];
  const { startup, signInJs, pdfFirst, send } = figures;
  if (startup && 'error' in startup) lines.push(`startup       failed: ${startup.error}`);
  else if (startup) {
    const names = startup.processes.map((entry) => `${entry.name} ${entry.rssMb.toFixed(0)} MB`);
    lines.push(
      `startup       ${startup.variant} (${startup.command}): ready in ${startup.readySeconds.toFixed(2)} s, ${startup.rssMb.toFixed(0)} MB resident, ${startup.processes.length} process(es) [${names.join(', ')}]; a web script served with encoding ${startup.scriptEncoding ?? '(no web build)'}`,
    );
  }
  if (signInJs && 'error' in signInJs) lines.push(`sign-in JS    not measured: ${signInJs.error}`);
  else if (signInJs) {
    lines.push(`sign-in JS    ${signInJs.gzipKb.toFixed(1)} KB gzip in ${signInJs.files} files`);
  }
  if (pdfFirst && 'error' in pdfFirst) lines.push(`first PDF     failed: ${pdfFirst.error}`);
  else if (pdfFirst) {
    lines.push(
      `first PDF     ${(pdfFirst.firstMs / 1000).toFixed(2)} s render + seal of 20 sections in a fresh process (module import ${(pdfFirst.importMs / 1000).toFixed(2)} s before it); warm ${pdfFirst.warmMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; ${(pdfFirst.bytes / 1024).toFixed(0)} KB`,
    );
  }
  if (send && 'error' in send) lines.push(`send-100      failed: ${send.error}`);
  else if (send) {
    for (const [index, run] of send.entries()) {
      if ('error' in run) {
        lines.push(`send-100 #${index + 1}   failed: ${run.error}`);
        continue;
      }
      lines.push(
        `send-100 #${index + 1}   request ${(run.requestMs / 1000).toFixed(2)} s; ${run.deals}/${run.receivers} deals in ${seconds(run.dealsSeconds)} s; ${run.mails}/${run.receivers} invite mails delivered in ${seconds(run.mailsSeconds)} s`,
      );
    }
  }
  if (goals.length > 0) {
    lines.push('', 'goals (issue 20):');
    const width = Math.max(...goals.map((goal) => goal.figure.length));
    for (const goal of goals) {
      const verdict = goal.isMet === undefined ? 'not measured' : goal.isMet ? 'met' : 'NOT MET';
      lines.push(`  ${goal.figure.padEnd(width)}  ${goal.goal}: ${verdict}`);
    }
  }
  return lines.join('\n');
}

export function writeReport(file: string, report: BenchReport): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

import fs from 'node:fs';
import path from 'node:path';
import type { SearchPlan } from './explain';
import type { LoadStats } from './load-types';
import type { DealSectionsMode, SeedSizes } from './seed';

export type ScenarioResult = {
  name: string;
  path: string;
  description: string;
  stats: LoadStats;
  /** Against the floor: above 1 means slower (p95) or, below 1, fewer requests (rps). */
  ratios: { p95: number; requestsPerSecond: number };
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
  /** With BENCH_EXPLAIN=1: the search scenarios' plans. */
  searchPlans: SearchPlan[];
};

/** Each scenario's figures divided by the floor's (the floor compared with itself gives 1). */
export function compareWithFloor(
  floor: LoadStats,
  scenario: Omit<ScenarioResult, 'ratios'>,
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
  const rows = results.map(({ name, stats, ratios }) => [
    name,
    formatNumber(stats.requestsPerSecond, 0),
    formatNumber(stats.latencyMs.p50, 2),
    formatNumber(stats.latencyMs.p95, 2),
    formatNumber(stats.latencyMs.p99, 2),
    String(stats.non2xx),
    String(stats.errors),
    formatNumber(ratios.requestsPerSecond, 2),
    formatNumber(ratios.p95, 2),
  ]);
  return renderTable(header, rows);
}

export function formatFacts(report: Omit<BenchReport, 'scenarios' | 'searchPlans'>): string {
  const { machine, database, seed, settings } = report;
  const counts = Object.entries(seed.counts)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
  const size = database.sizeMb === undefined ? '' : `, ${database.sizeMb.toFixed(0)} MB`;
  return [
    `machine   ${machine.cpuCount} CPUs (${machine.cpuModel}), ${machine.totalMemoryGb.toFixed(1)} GB, load ${machine.loadAverage.map((load) => load.toFixed(2)).join(' ')}`,
    `runtime   Node ${machine.node} on ${machine.platform}`,
    `database  ${database.kind}: ${database.version}${size}`,
    `seed      scale ${seed.scale}, sections ${seed.dealSections}, ${seed.durationSeconds.toFixed(1)} s (search index ${seed.searchIndexSeconds.toFixed(1)} s): ${counts}`,
    `load      ${settings.connections} connections, ${settings.durationSeconds} s each after ${settings.warmupSeconds} s warm-up`,
  ].join('\n');
}

export function writeReport(file: string, report: BenchReport): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

#!/usr/bin/env node
// `npm test`: every check that proves the product, stage by stage, stopping after the first
// stage that fails. The steps of one stage run side by side, each line of their output marked
// with the step's name.
//
// With TEST_DATABASE_URL set, the API tests, the reliability checks and the browser journeys
// run on PostgreSQL. `npm test -- --database-only` runs only those three (the others give the
// same result on any database): `.ci/run`'s PostgreSQL pass. `--only=journeys` runs the stages
// whose names hold that word.
//
// The browser journeys run in E2E_LANES lanes (default 2), each a Vitest process with a
// server of its own; the journeys that move the server's clock share one lane.
//
// The last line is the count of tests as `N passed, N failed`; the same counts are written to
// .tmp/test-summary.json for .ci/run. Each step's time and the slowest test files are printed
// at the end and kept in .tmp/test-timings.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const databaseOnly = process.argv.includes('--database-only');
/** `--only=journeys,build`: the stages whose names hold one of these words (for a quick rerun). */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const lanes = Math.max(1, Number(process.env.E2E_LANES ?? 2));
/** Journeys that move the server's clock (POST /dev/clock): on the first lane, one after another. */
const CLOCK_JOURNEYS = [
  'e2e/src/archive/alerts-journey.spec.ts',
  'e2e/src/dashboard/dashboard-journey.spec.ts',
  'e2e/src/signing/decline-journey.spec.ts',
];
const TIMINGS = '.tmp/test-timings.json';

const vitest = (name, projects, files = []) => ({
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=.tmp/vitest-${name}.json`,
    ...files,
  ],
  report: `.tmp/vitest-${name}.json`,
});

/** The times kept by the last run (`files` holds every file timed by any earlier run). */
function lastTimings() {
  if (!fs.existsSync(TIMINGS)) return { files: [] };
  try {
    return { files: [], ...JSON.parse(fs.readFileSync(TIMINGS, 'utf8')) };
  } catch {
    return { files: [] };
  }
}

/** The browser journeys in lanes, the longest first onto the emptiest lane. */
function journeyLanes() {
  const specs = fs
    .readdirSync('e2e/src', { recursive: true })
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => `e2e/src/${file.split('\\').join('/')}`)
    .sort();
  // How long each took last time on this machine, else in a run on a 2-core machine kept in
  // e2e/journey-seconds.json (a clean clone, as in CI, has no last time); a journey timed
  // nowhere is guessed from its size (about 200 bytes of journey a second).
  const known = new Map([
    ...Object.entries(JSON.parse(fs.readFileSync('e2e/journey-seconds.json', 'utf8'))),
    ...lastTimings().files.map(({ file, seconds }) => [file, seconds]),
  ]);
  const weight = (file) => known.get(file) ?? fs.statSync(file).size / 200;
  const buckets = Array.from({ length: lanes }, () => ({ files: [], total: 0 }));
  const clock = specs.filter((file) => CLOCK_JOURNEYS.includes(file));
  for (const file of clock) {
    buckets[0].files.push(file);
    buckets[0].total += weight(file);
  }
  const rest = specs.filter((file) => !CLOCK_JOURNEYS.includes(file));
  rest.sort((a, b) => weight(b) - weight(a));
  for (const file of rest) {
    const emptiest = buckets.reduce((best, bucket) => (bucket.total < best.total ? bucket : best));
    emptiest.files.push(file);
    emptiest.total += weight(file);
  }
  return buckets
    .filter((bucket) => bucket.files.length > 0)
    .map((bucket, index) => ({
      name: `journeys ${index + 1}`,
      ...vitest(`e2e-${index + 1}`, ['e2e'], bucket.files),
    }));
}

/** Stages in order; `database: false` marks the steps whose result no database changes. */
const stages = [
  {
    name: 'static checks and unit tests',
    database: false,
    steps: [
      { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
      // The Node.js projects in one program (tsconfig.node.json): e2e and bench import the
      // server, which separate runs checked three times.
      {
        name: 'types (core, server, e2e, bench)',
        command: 'npx',
        args: ['tsc', '-p', 'tsconfig.node.json'],
      },
      { name: 'types (web)', command: 'npx', args: ['tsc', '-p', 'web'] },
      { name: 'unit tests', ...vitest('unit', ['core', 'web', 'tooling']) },
    ],
  },
  { name: 'API tests', database: true, steps: [{ name: 'API', ...vitest('api', ['server']) }] },
  {
    name: 'reliability checks',
    database: true,
    steps: [{ name: 'reliability', ...vitest('reliability', ['reliability']) }],
  },
  {
    name: 'build',
    database: false,
    steps: [{ name: 'build', command: 'npm', args: ['run', 'build'] }],
  },
  {
    // The sign-in route's JavaScript may not grow unseen (issue 20 measured it; bench/README.md).
    name: 'sign-in weight',
    database: false,
    steps: [
      {
        name: 'weight',
        command: 'node',
        args: ['web/scripts/route-weight.mjs', '--route', '/login', '--max-kb', '150'],
      },
    ],
  },
  { name: 'browser journeys', database: true, steps: journeyLanes() },
]
  .filter((stage) => stage.database || !databaseOnly)
  .filter((stage) => !only || only.some((word) => stage.name.includes(word)));

fs.mkdirSync('.tmp', { recursive: true });
const totals = { passed: 0, failed: 0 };
const timings = { database: '', steps: [], files: [] };

/** Counts a Vitest report's tests and keeps each file's time. */
function count(step) {
  if (!step.report || !fs.existsSync(step.report)) return;
  const json = JSON.parse(fs.readFileSync(step.report, 'utf8'));
  totals.passed += json.numPassedTests ?? 0;
  totals.failed += json.numFailedTests ?? 0;
  for (const result of json.testResults ?? []) {
    const file = result.name.replace(`${process.cwd()}/`, '');
    const seconds = (result.endTime - result.startTime) / 1000;
    if (Number.isFinite(seconds)) timings.files.push({ file, seconds, step: step.name });
  }
  fs.rmSync(step.report);
}

/** Runs one step, its output line by line with its name in front when others run beside it. */
function run(step, isAlone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.command, step.args, {
      stdio: isAlone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (!isAlone) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) out.write(`[${step.name}] ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`[${step.name}] ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      count(step);
      const status = code ?? (signal ? 1 : 0);
      timings.steps.push({ name: step.name, seconds, passed: status === 0 });
      console.info(
        `== ${step.name} ${status === 0 ? 'passed' : 'failed'} in ${seconds.toFixed(1)} s`,
      );
      resolve(status);
    });
  });
}

function finish(status) {
  fs.writeFileSync('.tmp/test-summary.json', JSON.stringify(totals));
  timings.files.sort((a, b) => b.seconds - a.seconds);
  const timedNow = new Set(timings.files.map(({ file }) => file));
  const kept = lastTimings().files.filter(({ file }) => !timedNow.has(file));
  fs.writeFileSync(
    TIMINGS,
    JSON.stringify({ ...timings, files: [...timings.files, ...kept] }, null, 2),
  );
  console.info('\n== times');
  for (const step of timings.steps)
    console.info(`  ${step.seconds.toFixed(1).padStart(7)} s  ${step.name}`);
  console.info('== the slowest test files');
  for (const { file, seconds } of timings.files.slice(0, 10)) {
    console.info(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
  }
  console.info(`(all in ${TIMINGS})\n`);
  console.info(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(status);
}

timings.database = process.env.TEST_DATABASE_URL
  ? 'PostgreSQL (TEST_DATABASE_URL)'
  : 'embedded PGlite';
console.info(
  `Testing Pactum on ${timings.database}${databaseOnly ? ' (database steps only)' : ''}`,
);
const startedAll = Date.now();
for (const stage of stages) {
  console.info(`\n== ${stage.name}`);
  for (const step of stage.steps)
    console.info(`   ${step.name}: ${step.command} ${step.args.join(' ')}`);
  const started = Date.now();
  const statuses = await Promise.all(
    stage.steps.map((step) => run(step, stage.steps.length === 1)),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (statuses.some((status) => status !== 0)) {
    console.error(`\n== ${stage.name} failed after ${seconds} s`);
    totals.failed = Math.max(totals.failed, 1);
    finish(1);
  }
  console.info(`== ${stage.name} passed in ${seconds} s`);
}
timings.steps.push({ name: 'all', seconds: (Date.now() - startedAll) / 1000, passed: true });
finish(0);

#!/usr/bin/env node
// `npm test`: every check that proves the product, in order, stopping at the first failure.
// With TEST_DATABASE_URL set, the API tests and the browser journeys run on PostgreSQL.
// The last line is the count of tests as `N passed, N failed`; the same counts are written
// to .tmp/test-summary.json for .ci/run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const vitest = (name, projects) => [
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=.tmp/vitest-${name}.json`,
  ],
  `.tmp/vitest-${name}.json`,
];

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['unit and API tests', ...vitest('unit', ['core', 'web', 'server'])],
  ['reliability checks', ...vitest('reliability', ['reliability'])],
  ['build (web and server)', 'npm', ['run', 'build']],
  // The sign-in route's JavaScript may not grow unseen (issue 20 measured it; bench/README.md).
  [
    'sign-in weight',
    'node',
    ['web/scripts/route-weight.mjs', '--route', '/login', '--max-kb', '150'],
  ],
  ['browser journeys', ...vitest('e2e', ['e2e'])],
];

fs.mkdirSync('.tmp', { recursive: true });
const totals = { passed: 0, failed: 0 };
const count = (report) => {
  if (!report || !fs.existsSync(report)) return;
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests ?? 0;
  totals.failed += json.numFailedTests ?? 0;
  fs.rmSync(report);
};
const finish = (status) => {
  fs.writeFileSync('.tmp/test-summary.json', JSON.stringify(totals));
  console.info(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(status);
};

const database = process.env.TEST_DATABASE_URL
  ? 'PostgreSQL (TEST_DATABASE_URL)'
  : 'embedded PGlite';
console.info(`Testing Pactum on ${database}`);
for (const [name, command, args, report] of steps) {
  console.info(`\n== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  count(report);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n== ${name} failed after ${seconds} s`);
    totals.failed = Math.max(totals.failed, 1);
    finish(result.status ?? 1);
  }
  console.info(`== ${name} passed in ${seconds} s`);
}
finish(0);

#!/usr/bin/env node
// `npm start`'s build step: builds the web app and the server only when their sources changed
// since the last build. Each part's inputs (its own folder, @pactum/core, the lockfile and the
// build scripts) are hashed by content; the hash is kept beside the output (`.build-hash` in
// web/dist and server/dist) and a part whose hash matches is not built again. A second
// `npm start` on an unchanged checkout then goes straight to the server.
//
//   node scripts/build-if-changed.mjs [--force]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashInputs } from './source-hash.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const SHARED_INPUTS = ['packages/core', 'package-lock.json', 'package.json'];

const parts = [
  {
    name: 'web app',
    inputs: ['web', ...SHARED_INPUTS],
    stamp: 'web/dist/.build-hash',
    command: ['npm', ['run', 'build', '-w', 'web']],
  },
  {
    name: 'server',
    inputs: ['server', 'scripts/build-server.mjs', ...SHARED_INPUTS],
    stamp: 'server/dist/.build-hash',
    command: [process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')]],
  },
];

function readStamp(stamp) {
  try {
    return fs.readFileSync(path.join(repoRoot, stamp), 'utf8').trim();
  } catch {
    return undefined;
  }
}

for (const part of parts) {
  const hash = hashInputs(repoRoot, part.inputs);
  if (!force && readStamp(part.stamp) === hash) {
    console.info(`The ${part.name} is up to date (its sources did not change since it was built)`);
    continue;
  }
  const [command, args] = part.command;
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(path.join(repoRoot, part.stamp), `${hash}\n`);
}

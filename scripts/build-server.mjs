#!/usr/bin/env node
// Builds the server for `npm start`: server/src/main.ts, worker.ts and the CLIs bundled by
// esbuild into server/dist/ as ESM for Node, so production runs plain `node server/dist/main.js`
// with no TypeScript loader. @pactum/core (TypeScript source) is bundled in; every npm package
// stays external and is loaded from node_modules as usual. Parts imported with `await import()`
// (PDF, Word import, S3, Stripe) land in chunks of their own, loaded when first used.
//
//   node scripts/build-server.mjs [--outdir <folder>] [--metafile <file.json>]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(repoRoot, 'server');

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

// The built files find the server package by walking up to its package.json (see
// server/src/server-root.ts), so an outdir must lie inside server/.
const outdir = path.resolve(option('--outdir') ?? path.join(serverDir, 'dist'));
const metafilePath = option('--metafile');

const cliDir = path.join(serverDir, 'src', 'cli');
const entryPoints = [
  path.join(serverDir, 'src', 'main.ts'),
  path.join(serverDir, 'src', 'worker.ts'),
  // The thread that draws printable PDFs (platform/pdf/printable.ts finds it here).
  path.join(serverDir, 'src', 'platform', 'pdf', 'printable-worker.ts'),
  ...fs
    .readdirSync(cliDir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(cliDir, name)),
];

/**
 * Every bare import stays external except the workspace's own TypeScript packages
 * (`@pactum/*`), which Node cannot run as they are. That covers the dependencies declared in
 * server/package.json and packages/core/package.json and whatever they bring along.
 */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@pactum/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Removes what earlier builds left and this one did not write. The folder is not emptied
 * before building: a server already running from it (`npm start` beside `npm run worker`)
 * loads its chunks when first used and must still find them, so only files untouched for an
 * hour go.
 */
function pruneStaleFiles(written) {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const entry of fs.readdirSync(outdir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !written.has(file) && fs.statSync(file).mtimeMs < hourAgo) {
      fs.rmSync(file);
    }
  }
}

// The sources this folder was last built from, as `npm start` noted them
// (scripts/build-if-changed.mjs): no longer true once this build starts.
fs.rmSync(path.join(outdir, '.build-hash'), { force: true });

const started = Date.now();
const result = await build({
  entryPoints,
  outbase: path.join(serverDir, 'src'),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  entryNames: '[dir]/[name]',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: repoRoot,
});
if (metafilePath) fs.writeFileSync(metafilePath, JSON.stringify(result.metafile));
pruneStaleFiles(
  new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(repoRoot, file))),
);
// The image a new embedded database starts from, made once per set of migrations (a no-op when
// it is there already): a first start then skips PostgreSQL's initdb and the migrations.
execFileSync(process.execPath, [path.join(outdir, 'cli', 'database-image.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: 'warn' },
});
console.info(
  `Server built to ${path.relative(repoRoot, outdir) || '.'} in ${Date.now() - started} ms`,
);

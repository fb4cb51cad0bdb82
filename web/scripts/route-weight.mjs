#!/usr/bin/env node
// The JavaScript a public route of the built web app loads before its first paint, gzipped.
//
//   node web/scripts/route-weight.mjs [--route /login]... [--lang en|fi] [--max-kb N] [--json]
//
// Reads web/dist (after `npm run build -w web`): the entry script and modulepreload tags of
// index.html, the static imports of each chunk (dist/.vite/manifest.json), the route's lazy page
// and the active language's messages (the app waits for them before its first render). Prints
// one table per route and exits 1 when a route's total is above --max-kb.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The lazy layout that gives MUI's theme to the public pages that use MUI (router.tsx). */
const THEMED = 'src/app/mui-theme.tsx';

/**
 * The lazy modules of the public routes, as router.tsx loads them (`path` is matched as a
 * prefix): the page, and the theme's layout for the pages under it.
 */
const ROUTES = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/signup': [THEMED, 'src/features/auth/signup-page.tsx'],
  '/': ['src/features/auth/start-page.tsx'],
  '/verify/email': [THEMED, 'src/features/auth/verify-email-page.tsx'],
  '/sso/signup': [THEMED, 'src/features/auth/sso-signup-page.tsx'],
  '/sso/complete': ['src/features/auth/sso-complete-page.tsx'],
  '/document/invite': [THEMED, 'src/features/auth/invite-page.tsx'],
};

/**
 * The messages the first render waits for: app/i18n.ts loads the active language's first part
 * (`?part=first`, split by vite.config.ts), or its whole file in builds before that split.
 */
const localeSources = (lang) => [`src/locales/${lang}.json?part=first`, `src/locales/${lang}.json`];

function parseArgs(argv) {
  const options = { routes: [], lang: 'en', maxKb: undefined, json: false, dist: 'dist' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) fail(`${arg} needs a value`);
      return next;
    };
    if (arg === '--route') options.routes.push(value());
    else if (arg === '--all') options.routes.push(...Object.keys(ROUTES));
    else if (arg === '--lang') options.lang = value();
    else if (arg === '--max-kb') options.maxKb = Number(value());
    else if (arg === '--dist') options.dist = value();
    else if (arg === '--json') options.json = true;
    else fail(`unknown option ${arg}`);
  }
  if (options.routes.length === 0) options.routes.push('/login');
  if (options.maxKb !== undefined && !Number.isFinite(options.maxKb))
    fail('--max-kb takes a number');
  return options;
}

const print = (line) => process.stdout.write(`${line}\n`);

function fail(message) {
  process.stderr.write(`route-weight: ${message}\n`);
  process.exit(2);
}

const distDir = (options) => path.resolve(webDir, options.dist);

function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) fail(`${file} is missing: run \`npm run build -w web\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The scripts index.html names: its module entry and the chunks it preloads. */
function htmlScripts(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && url) files.push(url.replace(/^\//, ''));
  }
  return files;
}

/** Every file the given manifest entries load up front: themselves and their static imports. */
function staticClosure(manifest, keys) {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) fail(`${key} is not in the build's manifest`);
    if (!chunk.file.endsWith('.js') || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(byFile.get(key) ?? key);
  return files;
}

function routePages(route) {
  const match = Object.keys(ROUTES)
    .filter((prefix) => route === prefix || (prefix !== '/' && route.startsWith(`${prefix}/`)))
    .sort((a, b) => b.length - a.length)[0];
  if (!match) fail(`no page known for ${route} (known: ${Object.keys(ROUTES).join(', ')})`);
  return ROUTES[match];
}

function measure(options, route) {
  const dist = distDir(options);
  const manifest = readManifest(dist);
  const keys = [...htmlScripts(dist), ...routePages(route)];
  // Before one language was loaded on its own, the messages were part of the entry.
  const locale = localeSources(options.lang).find((source) => manifest[source]);
  if (locale) keys.push(locale);
  const files = [...staticClosure(manifest, keys)].map((file) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce(
    (sum, f) => ({ bytes: sum.bytes + f.bytes, gzip: sum.gzip + f.gzip }),
    {
      bytes: 0,
      gzip: 0,
    },
  );
  return { route, lang: options.lang, files, total };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function printTable(result) {
  const width = Math.max(...result.files.map((f) => f.file.length), 5);
  print(`\n${result.route} (${result.lang}): ${result.files.length} JS files`);
  print(`${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`);
  for (const f of result.files) {
    print(`${f.file.padEnd(width)}  ${kb(f.bytes).padStart(8)}  ${kb(f.gzip).padStart(8)}`);
  }
  print(
    `${'total'.padEnd(width)}  ${kb(result.total.bytes).padStart(8)}  ${kb(result.total.gzip).padStart(8)}`,
  );
}

const options = parseArgs(process.argv.slice(2));
const results = options.routes.map((route) => measure(options, route));
if (options.json) print(JSON.stringify(results, null, 2));
else for (const result of results) printTable(result);

if (options.maxKb !== undefined) {
  const over = results.filter((r) => r.total.gzip / 1024 > options.maxKb);
  for (const r of over) {
    process.stderr.write(
      `route-weight: ${r.route} loads ${kb(r.total.gzip)} KB gzip, above ${options.maxKb} KB\n`,
    );
  }
  if (over.length > 0) process.exit(1);
}

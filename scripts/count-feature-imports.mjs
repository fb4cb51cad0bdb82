#!/usr/bin/env node
// Counts how the features of the server and the web app import each other (tests left out):
// imports from one feature into another, how many of them pass the other's front door
// (index.ts), the pairs of features that import each other, and the largest set of features
// tied in a cycle of value imports. `node scripts/count-feature-imports.mjs [--json]`;
// ARCHITECTURE.md keeps the figures.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const cruise = JSON.parse(
  execFileSync(
    'npx',
    [
      'depcruise',
      'server/src',
      'web/src',
      '--config',
      '.dependency-cruiser.cjs',
      '--no-ignore-known',
      '--output-type',
      'json',
    ],
    { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  ),
);

const isTest = (path) => /\.(test|spec)\.tsx?$|\/src\/test\//.test(path);
const isTypeOnly = (dependency) =>
  dependency.dependencyTypes.every((type) => type === 'type-only' || type === 'type-import');

/** Strongly connected components of more than one node (Tarjan). */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const figures = {};
for (const side of ['server', 'web']) {
  const feature = new RegExp(`^${side}/src/features/([^/]+)/(.*)$`);
  let imports = 0;
  let intoInsides = 0;
  const graph = new Map();
  const anyEdge = new Set();
  for (const module of cruise.modules) {
    const from = feature.exec(module.source);
    if (!from || isTest(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = feature.exec(dependency.resolved);
      if (!to || to[1] === from[1]) continue;
      imports += 1;
      if (!/^index\.tsx?$/.test(to[2])) intoInsides += 1;
      anyEdge.add(`${from[1]}>${to[1]}`);
      if (isTypeOnly(dependency)) continue;
      if (!graph.has(from[1])) graph.set(from[1], new Set());
      graph.get(from[1]).add(to[1]);
    }
  }
  const mutualPairs = [...anyEdge].filter((edge) => {
    const [a, b] = edge.split('>');
    return a < b && anyEdge.has(`${b}>${a}`);
  }).length;
  const largestCycle = Math.max(0, ...cycles(graph).map((component) => component.length));
  figures[side] = { imports, intoInsides, mutualPairs, largestCycle };
}

if (process.argv.includes('--json')) {
  console.info(JSON.stringify(figures, null, 2));
} else {
  for (const [side, { imports, intoInsides, mutualPairs, largestCycle }] of Object.entries(
    figures,
  )) {
    console.info(
      `${side}: ${imports} imports between features, ${intoInsides} into another's insides; ` +
        `${mutualPairs} pairs import each other; largest cycle of features: ${largestCycle}`,
    );
  }
}

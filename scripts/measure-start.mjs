#!/usr/bin/env node
// Measures a server start on a fresh data folder: the time from spawning the command to the
// first 200 of /api/health, then every process the command left running (the launcher and its
// children) with its resident memory. The server is stopped with SIGTERM after each run.
//
//   node scripts/measure-start.mjs [--runs 3] [--settle-ms 1000] -- <command> [args...]
//   node scripts/measure-start.mjs -- node server/dist/main.js
//   node scripts/measure-start.mjs -- npm start
//   node scripts/measure-start.mjs --keep-data -- npm start   (one data folder for every run: the
//     first run is a first start, the others start as a second `npm start` does)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const separator = process.argv.indexOf('--');
if (separator === -1 || separator === process.argv.length - 1) {
  console.error('usage: node scripts/measure-start.mjs [--runs N] -- <command> [args...]');
  process.exit(2);
}
const flags = process.argv.slice(2, separator);
const command = process.argv.slice(separator + 1);
const flag = (name, fallback) => {
  const index = flags.indexOf(name);
  return index === -1 ? fallback : Number(flags[index + 1]);
};
const runs = flag('--runs', 3);
const keepData = flags.includes('--keep-data');
const keptDataDir = keepData ? fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-measure-')) : '';
const settleMs = flag('--settle-ms', 1000);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The process `rootPid` and all its descendants, with RSS in MB. */
function processTree(rootPid) {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return {
        pid: Number(pid),
        ppid: Number(ppid),
        rssMb: Number(rss) / 1024,
        args: args.join(' '),
      };
    });
  const tree = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift();
    const row = rows.find((entry) => entry.pid === pid);
    if (row) tree.push(row);
    for (const child of rows.filter((entry) => entry.ppid === pid)) queue.push(child.pid);
  }
  return tree;
}

/**
 * CPU time (user + system) the processes have used so far, from /proc (Linux): a figure that a
 * busy machine disturbs much less than the wall-clock time to ready.
 */
function cpuSecondsOf(tree) {
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const { pid } of tree) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // not Linux, or gone meanwhile
    }
  }
  return ticks / ticksPerSecond;
}

const results = [];
for (let run = 1; run <= runs; run++) {
  const dataDir = keptDataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-measure-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let readyMs;
  while (readyMs === undefined) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited early`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) readyMs = performance.now() - started;
    } catch {
      // not listening yet
    }
    if (readyMs === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const cpuSeconds = cpuSecondsOf(processTree(child.pid));
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const tree = processTree(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  const totalMb = tree.reduce((sum, entry) => sum + entry.rssMb, 0);
  results.push({ readyMs, cpuSeconds, totalMb, processes: tree.length });
  console.info(
    `run ${run}: ready in ${(readyMs / 1000).toFixed(2)} s (${cpuSeconds.toFixed(2)} s CPU), ` +
      `${tree.length} process(es), ` +
      `${totalMb.toFixed(0)} MB resident`,
  );
  for (const entry of tree) {
    console.info(`  ${entry.rssMb.toFixed(0).padStart(5)} MB  ${entry.args.slice(0, 100)}`);
  }
}
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
console.info(
  `median: ready in ${(median(results.map((entry) => entry.readyMs)) / 1000).toFixed(2)} s ` +
    `(${median(results.map((entry) => entry.cpuSeconds)).toFixed(2)} s CPU), ` +
    `${median(results.map((entry) => entry.totalMb)).toFixed(0)} MB resident`,
);
if (keepData) fs.rmSync(keptDataDir, { recursive: true, force: true });

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * The startup figure: the server as `npm start` runs it, on a fresh DATA_DIR (embedded PGlite),
 * timed from spawning to the first 200 of /api/health; then, after a short settle, the resident
 * memory and the number of processes of its tree, and whether a script of the web app is
 * served compressed. Linux only (reads /proc).
 */

export type StartupFigure = {
  /** `built` (server/dist/main.js) or `tsx` (server/src/main.ts through tsx, the fallback). */
  variant: 'built' | 'tsx';
  command: string;
  readySeconds: number;
  /** Of every process of the tree, after ready and a second's settle. */
  rssMb: number;
  processes: { pid: number; name: string; rssMb: number }[];
  /** The Content-Encoding a script of the web app came with (`none` when uncompressed). */
  scriptEncoding: string | undefined;
};

const READY_LIMIT_MS = 120_000;
const SETTLE_MS = 1000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 5000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('latin1'),
        }),
      );
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** Parent pid and name of every process, from /proc. */
function readProcesses(): Map<number, { ppid: number; name: string }> {
  const processes = new Map<number, { ppid: number; name: string }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // `pid (name) state ppid ...`; the name may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      processes.set(Number(entry), { ppid, name });
    } catch {
      // gone meanwhile
    }
  }
  return processes;
}

function rssMbOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** `rootPid` and its descendants. */
function processTree(rootPid: number): { pid: number; name: string; rssMb: number }[] {
  const processes = readProcesses();
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, { ppid }] of processes) {
      if (ppid === tree[index] && !tree.includes(pid)) tree.push(pid);
    }
  }
  return tree
    .filter((pid) => processes.has(pid))
    .map((pid) => ({ pid, name: processes.get(pid)?.name ?? '?', rssMb: rssMbOf(pid) }));
}

/** Whether the first script index.html names comes compressed when the browser accepts it. */
async function scriptEncoding(baseUrl: string): Promise<string | undefined> {
  const page = await get(`${baseUrl}/login`).catch(() => undefined);
  const src = page && /<script[^>]+src="([^"]+\.js)"/.exec(page.body)?.[1];
  if (!src) return undefined;
  const script = await get(new URL(src, baseUrl).toString(), {
    'accept-encoding': 'br, gzip',
  }).catch(() => undefined);
  if (script?.status !== 200) return undefined;
  return String(script.headers['content-encoding'] ?? 'none');
}

async function stopTree(child: ChildProcess, pids: number[]): Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  // Whatever of the tree is left (a launcher that did not pass the signal on) goes too.
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The command `npm start` runs: the built server when it exists, else tsx on the sources. */
export function startCommand(repoRoot: string): {
  variant: 'built' | 'tsx';
  command: string[];
} {
  const built = path.join(repoRoot, 'server/dist/main.js');
  if (fs.existsSync(built)) return { variant: 'built', command: [process.execPath, built] };
  return { variant: 'tsx', command: ['npx', 'tsx', 'server/src/main.ts'] };
}

export async function measureStartup(repoRoot: string): Promise<StartupFigure> {
  const { variant, command } = startCommand(repoRoot);
  const [file, ...args] = command;
  if (!file) throw new Error('No start command');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-bench-start-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(file, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEV_OUTBOX: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  let pids: number[] = [];
  try {
    let readyMs: number | undefined;
    while (readyMs === undefined) {
      if (child.exitCode !== null)
        throw new Error(`The server exited (${child.exitCode}): ${stderr}`);
      if (performance.now() - started > READY_LIMIT_MS)
        throw new Error('The server never got ready');
      const health = await get(`${baseUrl}/api/health`).catch(() => undefined);
      if (health?.status === 200) readyMs = performance.now() - started;
      else await sleep(50);
    }
    await sleep(SETTLE_MS);
    const processes = child.pid ? processTree(child.pid) : [];
    pids = processes.map((entry) => entry.pid);
    return {
      variant,
      command: command
        .map((part) => {
          if (part === process.execPath) return 'node';
          return path.isAbsolute(part) ? path.relative(repoRoot, part) : part;
        })
        .join(' '),
      readySeconds: readyMs / 1000,
      rssMb: processes.reduce((sum, entry) => sum + entry.rssMb, 0),
      processes,
      scriptEncoding: await scriptEncoding(baseUrl),
    };
  } finally {
    await stopTree(child, pids);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

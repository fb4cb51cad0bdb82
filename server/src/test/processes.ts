import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cookieHeader } from './factories';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Whether nothing listens on `port` of 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port for a test server that must know its address before it listens (a PUBLIC_URL, a child
 * process). It is drawn below the kernel's ephemeral range (32768 and up on Linux): a port the
 * kernel handed out for `listen(0)` and took back could be handed to another test file's
 * server or client while this one builds its app, which made a test fail with EADDRINUSE. No
 * `listen(0)` or outgoing connection takes a port from 20000–32767, so only another draw can.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    if (await canListen(port)) return port;
  }
  throw new Error('No free port between 20000 and 32767');
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/** `server/src/main.ts` as its own process, as `npm start` runs it; `env` over test defaults. */
function spawnServer(env: Record<string, string>, port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/**
 * Runs the server for a start that is meant to fail: its exit code and output. One still
 * running after 20 s is killed (code null), within the test's own time limit.
 */
export async function runServerProcessToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-proc-'));
  const { child, output } = spawnServer(env, await freePort(), dataDir);
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, output: output() };
}

/** Starts `server/src/main.ts` as its own process, as `npm start` does, and waits for health. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-proc-'));
  const url = `http://localhost:${port}`;
  const { child, output } = spawnServer(env, port, dataDir);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      await stop('SIGKILL');
      throw new Error(`Server did not become healthy:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, output, stop };
}

/**
 * Waits until a server process has printed a line containing `text` (a crash test's hold
 * point); fails when the process exits first or after `timeoutMs`. Returns that line.
 */
export async function waitForOutput(
  server: ServerProcess,
  text: string,
  timeoutMs = 30_000,
): Promise<string> {
  const started = Date.now();
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((entry) => entry.includes(text));
    if (line !== undefined) return line;
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`Server exited before printing ${text}:\n${server.output()}`);
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`Server did not print ${text}:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Signs a new person up through a server's API, as a person would: their verification mail is
 * queued. Their user id and the session cookie the sign-up set.
 */
export async function signUpOnServer(
  url: string,
  email: string,
  name: { firstname: string; lastname: string } = { firstname: 'Kim', lastname: 'Crash' },
): Promise<{ id: string; cookie: string }> {
  const response = await fetch(`${url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...name,
      email,
      phone: '',
      password: 'secret-password',
      acceptTerms: true,
    }),
  });
  if (response.status !== 201) throw new Error(`Sign-up answered ${response.status}`);
  const user = (await response.json()) as { id: string };
  return { id: user.id, cookie: cookieHeader(response.headers.getSetCookie()) };
}

/** The subjects of a server process's dev outbox messages to `to`. */
export async function outboxSubjects(url: string, to: string): Promise<string[]> {
  const messages = (await (await fetch(`${url}/dev/outbox.json`)).json()) as {
    to: string;
    subject: string;
  }[];
  return messages.filter((message) => message.to === to).map((message) => message.subject);
}

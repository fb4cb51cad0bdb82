import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
// A real OpenID provider on this machine stands in for Google (the server's own test helper).
import { type OidcAccount, startOidcProvider } from '../../server/src/test/oidc-provider';
import { type ProductAdmin, productAdmin, seedProductAdmin } from './product-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app under test answers, e.g. `http://localhost:41234`. */
    baseUrl: string;
    /**
     * A person who can sign in with "Google" (the local test provider): type `login` at the
     * provider's login page. Undefined against an external app (E2E_BASE_URL).
     */
    ssoAccount: { login: string; email: string; firstname: string; lastname: string } | undefined;
    /**
     * A product admin (staff domain, verified, admin flag) registered before the server
     * started. Undefined against an external app (E2E_BASE_URL).
     */
    productAdmin: ProductAdmin | undefined;
    /**
     * Where the server keeps its database (DATA_DIR, and DATABASE_URL on PostgreSQL), for the
     * operator commands a journey runs beside it. Undefined against an external app.
     */
    serverData: { DATA_DIR: string; DATABASE_URL: string } | undefined;
  }
}

/** The person at the test provider; new to Pactum in every run (a fresh data folder). */
const ssoPerson: OidcAccount = {
  sub: 'olli-ojala',
  email: 'olli.ojala@example.org',
  givenName: 'Olli',
  familyName: 'Ojala',
};
const GOOGLE_CLIENT = { clientId: 'pactum-e2e-google', clientSecret: 'pactum-e2e-google-secret' };

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HEALTH_TIMEOUT_MS = 60_000;
const KILL_GRACE_MS = 5_000;
/** How much of the server's output to keep for a failure report. */
const MAX_OUTPUT_CHARS = 200_000;

/**
 * Starts the server as `npm start` does, on a free port with a fresh data folder and with
 * Google sign-in pointed at a local OpenID provider, and hands its address to the journeys.
 * Set E2E_BASE_URL to run them against an app already running (the SSO journey is skipped).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const externalUrl = process.env.E2E_BASE_URL;
  if (externalUrl) {
    project.provide('baseUrl', externalUrl.replace(/\/$/, ''));
    project.provide('ssoAccount', undefined);
    project.provide('productAdmin', undefined);
    project.provide('serverData', undefined);
    return async () => {};
  }

  buildWebIfMissing();
  const port = await findFreePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'pactum-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  // The provider must know where it sends browsers back to, so it starts after the port is chosen.
  const oidc = await startOidcProvider({
    clients: [{ ...GOOGLE_CLIENT, redirectUris: [`${baseUrl}/api/auth/callback/google`] }],
    accounts: [ssoPerson],
  });
  // With TEST_DATABASE_URL the journeys run on a throwaway PostgreSQL database too.
  const postgres = process.env.TEST_DATABASE_URL
    ? await createThrowawayDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // The journeys read mails and codes from the dev outbox, pay with test cards and move the
    // alert and digest clock; production has none of these unless asked for by name.
    DEV_OUTBOX: '1',
    TEST_PAYMENTS: '1',
    DEV_CLOCK: '1',
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  // Before the server opens the database: the embedded one takes one process at a time.
  try {
    await seedProductAdmin(env);
  } catch (error) {
    await oidc.close();
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    throw error;
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const capture = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-MAX_OUTPUT_CHARS);
    // The server's errors show in the journeys' output as they happen.
    for (const line of text.split('\n')) {
      if (/"level":(50|60)/.test(line)) console.error(`server: ${line.slice(0, 2_000)}`);
    }
  };
  server.stdout?.on('data', capture);
  server.stderr?.on('data', capture);

  const teardown = async () => {
    await stopServer(server);
    await oidc.close();
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };

  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    console.error(`The server's output:\n${output}`);
    await teardown();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('productAdmin', productAdmin);
  project.provide('serverData', { DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' });
  project.provide('ssoAccount', {
    login: ssoPerson.sub,
    email: ssoPerson.email,
    firstname: ssoPerson.givenName,
    lastname: ssoPerson.familyName,
  });
  return teardown;
}

/** `npm test` builds the web app first; a bare `vitest --project e2e` may not have. */
function buildWebIfMissing(): void {
  if (existsSync(join(repoRoot, 'web/dist/index.html'))) return;
  console.info('web/dist is missing: building the web app');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`Building the web app failed (exit ${build.status})`);
}

async function createThrowawayDatabase(adminUrl: string) {
  const name = `pactum_e2e_${process.pid}_${Date.now().toString(36)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  };
}

function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('No free port was given'));
      });
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `The server stopped before it was healthy (${server.exitCode ?? server.signalCode})`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(
    `The server did not answer GET /api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem})`,
  );
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), KILL_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { type ServerProcess, signUpOnServer, startServerProcess } from '../../test/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-crash-'));
const servers: ServerProcess[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Message = { to: string; subject: string };

describe('jobs survive a crash', () => {
  it('delivers a mail queued just before the process was killed, once, after the restart', async () => {
    // Embedded: the same data folder. PostgreSQL: the same database.
    let env: Record<string, string> = { DATA_DIR: dataDir };
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase();
      env = { ...env, DATABASE_URL: database.url ?? '' };
    }
    // A web process without workers: the job is stored, nobody runs it.
    const first = await startServerProcess({ ...env, RUN_WORKERS: '0' });
    servers.push(first);
    const email = `crash-${Date.now()}@example.test`;
    await signUpOnServer(first.url, email);
    const outbox = async (url: string) =>
      ((await (await fetch(`${url}/dev/outbox.json`)).json()) as Message[]).filter(
        (m) => m.to === email,
      );
    expect(await outbox(first.url)).toEqual([]);

    // Killed hard: no shutdown code runs.
    await first.stop('SIGKILL');

    const second = await startServerProcess(env);
    servers.push(second);
    const delivered = await eventually(async () => {
      const messages = await outbox(second.url);
      return messages.length > 0 ? messages : undefined;
    }, 60_000);
    expect(delivered.map((m) => m.subject)).toEqual(['Verify your e-mail address for Pactum']);
    // Another poll round of the worker later, still exactly one.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await outbox(second.url)).toHaveLength(1);
    // Two server starts and a sign-up: well over the default time on a busy machine.
  }, 90_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPlatform, type Platform, startPlatform, stopPlatform } from '../platform/platform';
import { createTestDatabase, type TestDatabase } from './database';
import { rememberedPasswordHashing } from './password-hashing';

export type TestApp = {
  app: FastifyInstance;
  platform: Platform;
  database: TestDatabase;
  close(): Promise<void>;
};

/**
 * The real app in-process on a fresh database, with job workers polling fast. `env` sets
 * configuration as the environment would.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabase;
    isWorker?: boolean;
    extraRoutes?: (app: FastifyInstance) => Promise<void>;
    webDistDir?: string;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...options.env,
  });
  const platform = await createPlatform(config, database, {
    pollingIntervalSeconds: 0.5,
    passwordHashing: rememberedPasswordHashing,
  });
  const app = await buildApp({
    platform,
    logger: false,
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web'),
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
  });
  await startPlatform(platform, { isWorker: options.isWorker ?? true });
  return {
    app,
    platform,
    database,
    async close() {
      await app.close();
      await stopPlatform(platform);
      if (!options.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the test app listening on a free local port; its realtime WebSocket address. */
export async function listenLive(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}/api/v1/live`;
}

/** Polls until `check` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import pino from 'pino';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { runMigrations, withSetUpLock } from './db/migrate';
import { startLocalControl } from './features/admin/local-control';
import { seedGlobalTemplates } from './features/templates/seed';
import { ensureDemoWorkspace } from './features/workspaces/ensure-demo-workspace';
import { stopGracefully } from './http/graceful-stop';
import { createPlatform, type Platform, startPlatform, stopPlatform } from './platform/platform';

/** Opens the database named by the config and brings its schema up to date. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    await runMigrations(database);
    // Both insert with ON CONFLICT DO NOTHING and are safe side by side; one at a time, the
    // later starters find the rows there and write nothing.
    await withSetUpLock(database, async () => {
      await ensureDemoWorkspace(database);
      await seedGlobalTemplates(database);
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * Says at warn level what a production configuration exposes (dev outbox, test card
 * processor) or lacks; even when LOG_LEVEL hides warnings, for an exposure must not go unseen.
 */
export function logConfigWarnings(log: pino.Logger, config: Config): void {
  const loud = log.isLevelEnabled('warn') ? log : pino({ level: 'warn' });
  for (const warning of config.warnings) loud.warn(warning);
}

/** Runs `stop` once on SIGINT or SIGTERM, then exits. */
export function onShutdown(stop: () => Promise<void>): void {
  let isStopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    stop()
      .catch((error: unknown) => console.error(`Error while stopping on ${signal}:`, error))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

export type Running = { config: Config; platform: Platform; close(): Promise<void> };

/** Starts the web server (and, unless RUN_WORKERS=0, the job workers) in this process. */
export async function startServer(config = loadConfig()): Promise<Running & { url: string }> {
  const log = pino({ level: config.logLevel });
  logConfigWarnings(log, config);
  const database = await openConfiguredDatabase(config);
  const platform = await createPlatform(config, database, {
    onJobError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const app = await buildApp({ platform });
  await startPlatform(platform, { isWorker: config.runWorkers });
  await app.listen({ port: config.port, host: config.host });
  const localControl = await startLocalControl({ config, database, log });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    config,
    platform,
    url: `http://localhost:${port}`,
    async close() {
      await localControl.close();
      // Requests first (drained, then the ones under way), then the jobs under way: each within
      // the grace period, so a job a request queued while draining is still run or handed back.
      await stopGracefully(app, config.shutdown);
      await stopPlatform(platform, { graceMs: config.shutdown.graceMs });
      await database.close();
    },
  };
}

import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withBeforeCommit } from './before-commit';
import { restoreDatabaseImage } from './database-image';
import { lockDataDir } from './lock';
import { createPglite, serverStartParams } from './pglite';
import * as schema from './schema';
import { statementLogger } from './statement-log';

export type Schema = typeof schema;
/** The Drizzle database, whichever client is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; queries take `Db | Tx` so they run inside or outside one. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type RawRows = { rows: Record<string, unknown>[] };

/** An open database: Drizzle on top, and the few raw calls the platform parts need. */
export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** One parameterised statement. */
  query(text: string, params?: unknown[]): Promise<RawRows>;
  /** A parameterless script of several statements; the rows are the last statement's. */
  exec(text: string): Promise<RawRows>;
  /** Runs `fn` while holding a session-level advisory lock (a no-op guard on PGlite). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; the returned function stops listening. Fails when the first LISTEN
   * fails; a connection lost later is retried until it listens again. `onState` hears of each
   * loss (false) and recovery (true): notifications sent in between were missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (isListening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  | { pglite: PGlite };

/** Opens PostgreSQL when a URL is given, else the embedded PGlite (in a folder or given). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  if ('pglite' in options) return wrapPglite(options.pglite, () => {});
  const dbDir = path.join(options.dataDir, 'db');
  const release = lockDataDir(dbDir);
  try {
    // A folder without a database starts from the build's image when there is one.
    restoreDatabaseImage(dbDir);
    const client = await createPglite({ dataDir: dbDir, startParams: serverStartParams });
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

function wrapPglite(client: PGlite, release: () => void): Database {
  // PGlite runs one statement or transaction at a time: every query, exec and transaction
  // takes its exclusive lock, so concurrent transactions queue instead of interleaving.
  const db = withBeforeCommit(
    drizzlePglite({ client, schema, logger: statementLogger }) as unknown as Db,
  );
  return {
    kind: 'pglite',
    db,
    async query(text, params) {
      const result = await client.query<Record<string, unknown>>(text, params);
      return { rows: result.rows };
    },
    async exec(text) {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    withAdvisoryLock(_key, fn) {
      return fn();
    },
    // In-process: the connection never drops, so `onState` is never called.
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return unlisten;
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/** A connect that hangs (a host gone silent) fails after this instead of holding a caller. */
const POOL_CONNECT_TIMEOUT_MS = 10_000;

/** Per checked-out client: whether its holder has sent no statement yet. */
const isFreshCheckout = new WeakMap<pg.PoolClient, boolean>();

/**
 * A pool whose promised checkouts give their client back when the first statement fails.
 * Drizzle's transaction checks a client out and sends BEGIN before the block that releases
 * it, so a BEGIN that failed (its connection ended just then, as in a failover) kept the
 * client for good: after `max` of those every query waited for a client forever, and the
 * process stopped running jobs and delivering live events. The holder's own release, if it
 * comes, is then a no-op. (Callback checkouts are `pool.query`'s own, which releases itself.)
 */
class CheckoutPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: () => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releasingOnFailedStart);
  }
}

function releasingOnFailedStart(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let isReleased = false;
  client.release = (error?: Error | boolean) => {
    if (isReleased) return;
    isReleased = true;
    release(error);
  };
  if (!isFreshCheckout.has(client)) {
    // Installed once per connection; each checkout marks itself fresh below.
    const query = client.query as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const isFirst = isFreshCheckout.get(client) === true;
      isFreshCheckout.set(client, false);
      const result = query.apply(client, args);
      if (!isFirst || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    };
  }
  isFreshCheckout.set(client, true);
  return client;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new CheckoutPool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
  });
  // A connection the server ends (a restart, a failover, `pg_terminate_backend`) emits 'error'
  // on its client, and an 'error' without a listener ends the process. The pool hears an idle
  // client's; a client checked out between two statements (a transaction, a held advisory lock)
  // is heard here. Either way the statement that needed it fails (503) and the pool drops it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = withBeforeCommit(
    drizzlePg({ client: pool, schema, logger: statementLogger }) as unknown as Db,
  );
  const unlisteners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    db,
    async query(text, params) {
      const result = await pool.query(text, params);
      return { rows: result.rows };
    },
    async exec(text) {
      const result = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async withAdvisoryLock(key, fn) {
      // The lock belongs to a connection, so take and free it on one held client.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload, onState) {
      const unlisten = await listenPostgres({ url, channel, onPayload, onState });
      unlisteners.add(unlisten);
      return async () => {
        unlisteners.delete(unlisten);
        await unlisten();
      };
    },
    async close() {
      await Promise.all([...unlisteners].map((unlisten) => unlisten()));
      unlisteners.clear();
      await pool.end();
    },
  };
}

/** Waits between LISTEN reconnects: short at first, so live updates return soon after an outage. */
const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 5_000;
/** A connect that hangs (a host gone silent) must not stall the reconnects for good. */
const LISTEN_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A dedicated connection for LISTEN. The first connect's failure is thrown, so a server that
 * cannot listen does not start; a connection lost later is retried with backoff for as long
 * as it takes, telling `onState` of the loss and of the recovery.
 */
async function listenPostgres(options: {
  url: string;
  channel: string;
  onPayload: (payload: string) => void;
  onState: ((isListening: boolean) => void) | undefined;
}): Promise<() => Promise<void>> {
  const { url, channel, onPayload, onState } = options;
  let isStopped = false;
  let current: pg.Client | undefined;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  /** The connect under way, which stop waits out so no connection outlives it. */
  let connecting: Promise<void> | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS,
    });
    let hasEnded = false;
    let isHeld = false;
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // A broken connection is ended; its 'end' below starts the reconnect.
    client.on('error', () => void client.end().catch(() => {}));
    client.on('end', () => {
      hasEnded = true;
      if (!isHeld) return;
      current = undefined;
      if (isStopped) return;
      onState?.(false);
      scheduleRetry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (hasEnded) throw new Error('Connection terminated');
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (isStopped) {
      await client.end().catch(() => {});
      return;
    }
    isHeld = true;
    current = client;
  };

  const scheduleRetry = () => {
    const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_FIRST_MS * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connecting = connect().then(
        () => {
          attempt = 0;
          if (!isStopped) onState?.(true);
        },
        () => {
          if (!isStopped) scheduleRetry();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    await connecting;
    await current?.end().catch(() => {});
    current = undefined;
  };
}

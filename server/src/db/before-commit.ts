/*
 * Work a transaction does once, at its end, whatever number of places asked for it: the drawer's
 * counters are recounted once per transaction for every user some change touched, after all the
 * changes, with the users' rows updated in one fixed order (so two transactions that touch the
 * same people cannot each hold a row the other waits for).
 *
 * `withBeforeCommit(db)` makes every `db.transaction` (and the savepoints inside it) keep a list of
 * such work, run after the transaction's own block and before COMMIT. A block that throws rolls
 * back without running it. `afterCommit` is its pair for news that may only leave once the
 * change is visible to others.
 */

/**
 * What this needs of Drizzle's database and transaction handles (`db/client.ts` types them;
 * this module stays below it).
 */
type Transactional = { transaction(...args: never[]): Promise<unknown> };

type Pending = {
  state: unknown;
  work: (state: never, tx: never) => Promise<void>;
  /** Runs once no other work is pending (it sends what the other work may add to). */
  isLast: boolean;
};

/** Per outermost transaction: its pending work by key, in the order first asked for. */
const pendingByTx = new WeakMap<object, Map<string, Pending>>();
/** Per outermost transaction: what to do once it has committed. */
const committedByTx = new WeakMap<object, Array<() => void>>();
/** Per savepoint: the outermost transaction it runs in. */
const outermost = new WeakMap<object, object>();

/**
 * Asks `tx` to run `work` once before it commits. The first call with a `key` creates the
 * shared state (`init`); every call returns it, so callers add to it (the users to recount).
 * `work` gets the final state and the outermost transaction. Work asked for with `last` runs
 * after all other work, which may still add to its state.
 */
export function beforeCommit<Tx extends object, S>(
  tx: Tx,
  key: string,
  init: () => S,
  work: (state: S, tx: Tx) => Promise<void>,
  options: { last?: boolean } = {},
): S {
  const root = outermost.get(tx) ?? tx;
  const pending = pendingByTx.get(root);
  if (!pending) {
    throw new Error('beforeCommit: the transaction was not opened by a withBeforeCommit database');
  }
  const existing = pending.get(key);
  if (existing) return existing.state as S;
  const state = init();
  pending.set(key, { state, work: work as Pending['work'], isLast: options.last ?? false });
  return state;
}

/** Whether `tx` is a transaction of a withBeforeCommit database (else work cannot wait in it). */
export function keepsBeforeCommit(tx: object): boolean {
  return pendingByTx.has(outermost.get(tx) ?? tx);
}

/**
 * Calls `then` once the transaction `tx` runs in has committed (never when it rolls back), to
 * tell others of what it made visible: a worker of this process that a job waits. Answers false
 * when `tx` is no transaction of a withBeforeCommit database (a plain handle, whose statements
 * commit on their own): the caller acts at once then.
 */
export function afterCommit(tx: object, then: () => void): boolean {
  const committed = committedByTx.get(outermost.get(tx) ?? tx);
  if (!committed) return false;
  committed.push(then);
  return true;
}

/**
 * Runs the pending work in order, the `last` work after the rest; work may ask for more, which
 * runs after it.
 */
async function runPending(tx: object, pending: Map<string, Pending>): Promise<void> {
  for (;;) {
    const entries = [...pending.entries()];
    const next = entries.find(([, entry]) => !entry.isLast) ?? entries[0];
    if (!next) return;
    const [key, { state, work }] = next;
    pending.delete(key);
    await work(state as never, tx as never);
  }
}

/** Savepoints (`tx.transaction`) share their outermost transaction's pending work. */
function trackSavepoints(tx: Transactional, root: object): void {
  type Block<T> = (inner: Transactional) => Promise<T>;
  const open = tx.transaction.bind(tx) as unknown as <T>(block: Block<T>) => Promise<T>;
  const tracked = <T>(block: Block<T>) =>
    open(async (inner) => {
      outermost.set(inner, root);
      trackSavepoints(inner, root);
      return block(inner);
    });
  tx.transaction = tracked as Transactional['transaction'];
}

/**
 * Makes `db.transaction` run the work asked for with `beforeCommit` before it commits, and what
 * `afterCommit` asked for after.
 */
export function withBeforeCommit<Db extends Transactional>(db: Db): Db {
  type Block<T> = (tx: Transactional) => Promise<T>;
  const open = db.transaction.bind(db) as unknown as <T>(
    block: Block<T>,
    config?: unknown,
  ) => Promise<T>;
  const tracked = async <T>(block: Block<T>, config?: unknown) => {
    const committed: Array<() => void> = [];
    const result = await open(async (tx) => {
      const pending = new Map<string, Pending>();
      pendingByTx.set(tx, pending);
      committedByTx.set(tx, committed);
      trackSavepoints(tx, tx);
      const value = await block(tx);
      await runPending(tx, pending);
      return value;
    }, config);
    for (const then of committed) then();
    return result;
  };
  db.transaction = tracked as Transactional['transaction'];
  return db;
}

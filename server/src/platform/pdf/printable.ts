import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PrintablePdfInput } from './render';

/*
 * 'Open PDF' draws the deal's current text, which takes pdf-lib and the fonts a while: long
 * enough to hold every other request of the process if it ran on the event loop. So it runs in
 * a worker thread of its own, started at the first print and kept, and a copy is kept for a
 * minute by the hash of what it shows, so both parties opening the same text, a reload or the
 * viewer asking again draw it once. (A minute, so the copy's 'Printed' time stays true to it.)
 */

/** How long a drawn copy is served again for the same content. */
const CACHE_MS = 60_000;
/** Copies kept at most (the oldest go first). */
const CACHE_ENTRIES = 32;

export type PrintableRenderer = {
  render(input: PrintablePdfInput): Promise<Uint8Array>;
  /** Copies drawn, copies served from the cache, and the thread that drew the last one. */
  readonly stats: { renders: number; cacheHits: number; lastThreadId: number | undefined };
  close(): Promise<void>;
};

type Reply = { id: number; bytes?: Uint8Array; threadId?: number; error?: string };

/**
 * The worker: beside this file in the TypeScript source, started through tsx's loader (which a
 * worker thread does not inherit), and in the build at `platform/pdf/printable-worker.js` under
 * the output folder, one or two levels above the chunk this code was bundled into
 * (scripts/build-server.mjs builds it as an entry).
 */
function startWorker(): Worker {
  if (import.meta.url.endsWith('.ts')) {
    const source = new URL('./printable-worker.ts', import.meta.url).href;
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
      { eval: true },
    );
  }
  for (const candidate of [
    './platform/pdf/printable-worker.js',
    '../platform/pdf/printable-worker.js',
    './printable-worker.js',
  ]) {
    const url = new URL(candidate, import.meta.url);
    if (fs.existsSync(fileURLToPath(url))) return new Worker(url);
  }
  throw new Error('The printable PDF worker script is missing from the build');
}

/** The cache key: what the copy shows, in canonical JSON. */
function contentKey(input: PrintablePdfInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

export function createPrintableRenderer(): PrintableRenderer {
  const stats: PrintableRenderer['stats'] = { renders: 0, cacheHits: 0, lastThreadId: undefined };
  const cache = new Map<string, { bytes: Uint8Array; at: number }>();
  const pending = new Map<number, { resolve(bytes: Uint8Array): void; reject(e: Error): void }>();
  let worker: Worker | undefined;
  let nextId = 0;

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    if (worker) return worker;
    const started = startWorker();
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.bytes) {
        stats.lastThreadId = reply.threadId;
        waiting.resolve(new Uint8Array(reply.bytes));
      } else waiting.reject(new Error(reply.error ?? 'The printable PDF was not drawn'));
      if (pending.size === 0) started.unref();
    });
    // A worker that died takes its requests with it; the next print starts a new one.
    started.on('error', (error) => failAll(error));
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failAll(new Error('The printable PDF worker stopped'));
    });
    worker = started;
    return started;
  };

  const draw = (input: PrintablePdfInput): Promise<Uint8Array> => {
    const thread = start();
    const id = nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ id, input });
    });
  };

  return {
    stats,
    async render(input) {
      const key = contentKey(input);
      const now = Date.now();
      for (const [oldKey, entry] of cache) {
        if (now - entry.at >= CACHE_MS) cache.delete(oldKey);
      }
      const kept = cache.get(key);
      if (kept) {
        stats.cacheHits += 1;
        return kept.bytes;
      }
      const bytes = await draw({ ...input, generatedAt: input.generatedAt ?? new Date(now) });
      stats.renders += 1;
      cache.set(key, { bytes, at: now });
      while (cache.size > CACHE_ENTRIES) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return bytes;
    },
    async close() {
      cache.clear();
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}

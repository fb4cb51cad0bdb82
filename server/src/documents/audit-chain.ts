import type { DocumentEventCode } from '@pactum/core/document-events';
import type { DocumentCollection, PartyRole } from '@pactum/core/documents';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client';
import { documentEvents } from '../db/schema';
import { canonicalJson, sha256Hex } from '../platform/pdf/content-hash';
import type { Platform } from '../platform/platform';

/*
 * The audit trail of a document is append-only and hash-chained: each event stores the hash of
 * the document's previous event and its own hash over that and its content, so changing,
 * removing or reordering any event breaks every later link. The sealed PDF prints the last
 * hash, which pins the whole chain at signing time.
 */

export type NewDocumentEvent = {
  collection: DocumentCollection;
  documentId: string;
  /** The event: one of the codes the audit trail has texts for (core document-events). */
  event: DocumentEventCode;
  /** The party that sees it; null means both. */
  party?: PartyRole | null;
  sectionId?: string | null;
  userId?: string | null;
  data?: Record<string, unknown>;
};

export type ChainedEvent = { id: string; seq: number; prevHash: string | null; hash: string };

type HashedFields = {
  collection: string;
  documentId: string;
  seq: number;
  event: string;
  party: string | null;
  sectionId: string | null;
  userId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

/** SHA-256 over the previous hash (empty for the first event), a newline and the event's canonical JSON. */
export function eventHash(prevHash: string | null, event: HashedFields): string {
  const { head, tail } = hashedJsonAroundSeq(event);
  return sha256Hex(`${prevHash ?? ''}\n${head}${event.seq}${tail}`);
}

/**
 * The event's canonical JSON (keys in order) before and after its number, which the database
 * knows only once it holds the document's lock: `seq` and `userId` sort last, so the JSON is
 * `head`, the number, `tail`.
 */
export function hashedJsonAroundSeq(event: Omit<HashedFields, 'seq'>): {
  head: string;
  tail: string;
} {
  const rest = canonicalJson({
    collection: event.collection,
    documentId: event.documentId,
    event: event.event,
    party: event.party,
    sectionId: event.sectionId,
    data: event.data,
    createdAt: event.createdAt.toISOString(),
  });
  return { head: `${rest.slice(0, -1)},"seq":`, tail: `,"userId":${canonicalJson(event.userId)}}` };
}

/** An event just appended to a document's chain. */
export type AppendedEvent = ChainedEvent & { collection: DocumentCollection; documentId: string };

/** Hears of each event appended to a chain, in the appending transaction (see `onChainAppend`). */
export type ChainAppendHook = (tx: Tx, appended: AppendedEvent) => Promise<void>;

const appendHooks = new WeakMap<Platform, ChainAppendHook[]>();

/**
 * Registers an area's hook on a platform (before it starts): `appendEvent` calls it for every
 * event appended with that platform, in the appending transaction, so what the hook writes
 * (a job, say) commits exactly with the event. The document kernel knows no area: the area
 * that follows chains (the signing view's stored chain check) registers itself here.
 */
export function onChainAppend(platform: Platform, hook: ChainAppendHook): void {
  appendHooks.set(platform, [...(appendHooks.get(platform) ?? []), hook]);
}

/**
 * Appends an event to its document's chain inside the caller's transaction (outside one, in
 * its own). Appends to one document are serialised by a transaction-scoped advisory lock on
 * the document (the unique (collection, document, seq) index backs it up), so concurrent
 * writers never fork the chain. Call it after the transaction's other row locks (as the
 * services do: change, touch the document, then record), so lock order stays the same
 * everywhere and two transactions cannot deadlock on it. Given the `platform`, the hooks
 * registered on it (`onChainAppend`) hear of the event in the same transaction.
 */
export async function appendEvent(
  dbOrTx: DbOrTx,
  input: NewDocumentEvent,
  platform?: Platform,
): Promise<ChainedEvent> {
  if (!(dbOrTx instanceof PgTransaction)) {
    return dbOrTx.transaction((tx) => appendEvent(tx, input, platform));
  }
  const tx: Tx = dbOrTx;
  const fields: Omit<HashedFields, 'seq'> = {
    collection: input.collection,
    documentId: input.documentId,
    event: input.event,
    party: input.party ?? null,
    sectionId: input.sectionId ?? null,
    userId: input.userId ?? null,
    // Stored as jsonb and read back: hash the value as it will come back.
    data: JSON.parse(JSON.stringify(input.data ?? {})) as Record<string, unknown>,
    createdAt: new Date(),
  };
  const { head, tail } = hashedJsonAroundSeq(fields);
  // The lock, the last event and the insert in one round trip (migration 0021).
  type Appended = { id: string; seq: number; prev_hash: string | null; hash: string };
  const { rows } =
    (await tx.execute(sql`SELECT * FROM pactum_append_event(${fields.collection}, ${fields.documentId},
    ${fields.event}, ${fields.party}, ${fields.sectionId}, ${fields.userId},
    ${JSON.stringify(fields.data)}::jsonb, ${fields.createdAt.toISOString()}::timestamptz,
    ${head}, ${tail})`)) as unknown as { rows: Appended[] };
  const [row] = rows;
  if (!row) throw new Error('document event not inserted');
  const appended = { id: row.id, seq: Number(row.seq), prevHash: row.prev_hash, hash: row.hash };
  const hooks = platform ? (appendHooks.get(platform) ?? []) : [];
  for (const hook of hooks) {
    await hook(tx, { ...appended, collection: input.collection, documentId: input.documentId });
  }
  return appended;
}

export type ChainBreak = {
  /** The first broken event (null when events are missing from the end). */
  id: string | null;
  seq: number | null;
  /**
   * unchained: an event without a hash (not written through appendEvent);
   * missing-event: the sequence skips (an event was removed);
   * prev-hash-mismatch: the link to the previous event is wrong;
   * hash-mismatch: the event's content was changed after it was written;
   * truncated: the pinned hash (printed in the sealed PDF), or the last event a stored check
   * verified, is no longer in the chain, so events were removed from its end.
   */
  reason: 'unchained' | 'missing-event' | 'prev-hash-mismatch' | 'hash-mismatch' | 'truncated';
};

export type ChainReport =
  | { isValid: true; count: number; head: string | null }
  | { isValid: false; count: number; brokenAt: ChainBreak };

/** An event row as the chain check reads it. */
export type ChainRow = typeof documentEvents.$inferSelect;

/** The order a document's chain is checked (and its trail shown) in: seq, unchained last. */
export const eventChainOrder = [
  sql`${documentEvents.seq} asc nulls last`,
  asc(documentEvents.createdAt),
] as const;

/** A document's events as the chain check reads them: all of them, in `eventChainOrder`. */
export function readEventChain(
  db: DbOrTx,
  document: { collection: DocumentCollection; documentId: string },
): Promise<ChainRow[]> {
  return db
    .select()
    .from(documentEvents)
    .where(
      and(
        eq(documentEvents.collection, document.collection),
        eq(documentEvents.documentId, document.documentId),
      ),
    )
    .orderBy(...eventChainOrder);
}

/**
 * Re-computes a document's chain and reports the first broken link. `pinnedHead` is a hash
 * recorded elsewhere (the sealed PDF's): the chain must still contain it, else its end was cut.
 */
export async function verifyEventChain(
  db: DbOrTx,
  document: { collection: DocumentCollection; documentId: string },
  options: { pinnedHead?: string | null } = {},
): Promise<ChainReport> {
  return checkEventChain(await readEventChain(db, document), options);
}

/** A chain's first events an earlier check found intact: through `seq`, its hash `head`. */
export type VerifiedPrefix = { seq: number; head: string };

/**
 * The chain check over a document's events already read: all of them, in `eventChainOrder`.
 * The signing view reads the events once and checks them here. With `verified` (a stored
 * check's), the events through `verified.seq` are not hashed again: their numbering and links
 * are still followed (no hashing needed), the event at `verified.seq` must still carry
 * `verified.head`, and a chain that no longer reaches it was cut ('truncated'). Only the events
 * after it are hashed.
 */
export function checkEventChain(
  rows: readonly ChainRow[],
  options: { pinnedHead?: string | null; verified?: VerifiedPrefix | null } = {},
): ChainReport {
  const verified = options.verified ?? null;
  let prevHash: string | null = null;
  let expectedSeq = 1;
  for (const row of rows) {
    const broken = (reason: ChainBreak['reason']): ChainReport => ({
      isValid: false,
      count: rows.length,
      brokenAt: { id: row.id, seq: row.seq, reason },
    });
    if (row.seq === null || row.hash === null) return broken('unchained');
    if (row.seq !== expectedSeq) return broken('missing-event');
    if (row.prevHash !== prevHash) return broken('prev-hash-mismatch');
    // A verified event is not hashed again; the last of them must still be the stored head.
    const isIntact =
      verified && row.seq <= verified.seq
        ? row.seq < verified.seq || row.hash === verified.head
        : eventHash(row.prevHash, {
            collection: row.collection,
            documentId: row.documentId,
            seq: row.seq,
            event: row.event,
            party: row.party,
            sectionId: row.sectionId,
            userId: row.userId,
            data: row.data,
            createdAt: row.createdAt,
          }) === row.hash;
    if (!isIntact) return broken('hash-mismatch');
    prevHash = row.hash;
    expectedSeq += 1;
  }
  const { pinnedHead } = options;
  const isCut =
    (verified !== null && expectedSeq <= verified.seq) ||
    (!!pinnedHead && !rows.some((row) => row.hash === pinnedHead));
  if (isCut) {
    return {
      isValid: false,
      count: rows.length,
      brokenAt: { id: null, seq: null, reason: 'truncated' },
    };
  }
  return { isValid: true, count: rows.length, head: prevHash };
}

/** The hash of the document's last chained event (printed in the sealed PDF), or null. */
export async function eventChainHead(
  db: DbOrTx,
  document: { collection: DocumentCollection; documentId: string },
): Promise<string | null> {
  const [last] = await db
    .select({ hash: documentEvents.hash })
    .from(documentEvents)
    .where(
      and(
        eq(documentEvents.collection, document.collection),
        eq(documentEvents.documentId, document.documentId),
        isNotNull(documentEvents.seq),
      ),
    )
    .orderBy(desc(documentEvents.seq))
    .limit(1);
  return last?.hash ?? null;
}

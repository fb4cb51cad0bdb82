import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEvents } from '../db/schema';
import { canonicalJson } from '../platform/pdf/content-hash';
import type { Platform } from '../platform/platform';
import { createTestDatabase, type TestDatabase } from '../test/database';
import {
  type AppendedEvent,
  appendEvent,
  checkEventChain,
  eventChainHead,
  eventHash,
  hashedJsonAroundSeq,
  onChainAppend,
  readEventChain,
  verifyEventChain,
} from './audit-chain';

describe('the hash-chained audit trail', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  async function dealWithEvents(count: number) {
    const documentId = randomUUID();
    const events = [];
    for (let i = 0; i < count; i++) {
      events.push(
        await database.db.transaction((tx) =>
          appendEvent(tx, {
            collection: 'deals',
            documentId,
            event: i === 0 ? 'signign-start' : 'document-sign',
            party: i % 2 === 0 ? 'sender' : null,
            data: { signer: `Signer ${i}`, nested: { ä: 'ö', list: [1, 2.5, null] } },
          }),
        ),
      );
    }
    return { document: { collection: 'deals' as const, documentId }, events };
  }

  it('links each event to the previous one and verifies', async () => {
    const { document, events } = await dealWithEvents(3);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(events[0]?.prevHash).toBeNull();
    expect(events[1]?.prevHash).toBe(events[0]?.hash);
    expect(events[2]?.prevHash).toBe(events[1]?.hash);
    expect(await verifyEventChain(database.db, document)).toEqual({
      isValid: true,
      count: 3,
      head: events[2]?.hash,
    });
    expect(await eventChainHead(database.db, document)).toBe(events[2]?.hash);
  });

  it('reports a changed event as broken', async () => {
    const { document, events } = await dealWithEvents(3);
    await database.db
      .update(documentEvents)
      .set({ data: { signer: 'Someone else' } })
      .where(eq(documentEvents.id, events[1]?.id ?? ''));
    expect(await verifyEventChain(database.db, document)).toMatchObject({
      isValid: false,
      brokenAt: { id: events[1]?.id, seq: 2, reason: 'hash-mismatch' },
    });
  });

  it('reports a changed event whose own hash was recomputed at the next link', async () => {
    const { document, events } = await dealWithEvents(3);
    const [row] = await database.db
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.id, events[1]?.id ?? ''));
    if (!row || row.seq === null) throw new Error('row missing');
    const forged = { ...row, event: 'document-create', seq: row.seq };
    await database.db
      .update(documentEvents)
      .set({ event: forged.event, hash: eventHash(row.prevHash, forged) })
      .where(eq(documentEvents.id, row.id));
    expect(await verifyEventChain(database.db, document)).toMatchObject({
      isValid: false,
      brokenAt: { id: events[2]?.id, reason: 'prev-hash-mismatch' },
    });
  });

  it('reports a removed event and an event written around the chain', async () => {
    const removed = await dealWithEvents(3);
    await database.db
      .delete(documentEvents)
      .where(eq(documentEvents.id, removed.events[1]?.id ?? ''));
    expect(await verifyEventChain(database.db, removed.document)).toMatchObject({
      isValid: false,
      brokenAt: { id: removed.events[2]?.id, reason: 'missing-event' },
    });

    const bypassed = await dealWithEvents(2);
    const [row] = await database.db
      .insert(documentEvents)
      .values({ ...bypassed.document, event: 'document-sign' })
      .returning({ id: documentEvents.id });
    expect(await verifyEventChain(database.db, bypassed.document)).toMatchObject({
      isValid: false,
      brokenAt: { id: row?.id, seq: null, reason: 'unchained' },
    });
  });

  it('reports events cut from the end up to the hash the sealed PDF pinned', async () => {
    const { document, events } = await dealWithEvents(4);
    const pinnedHead = events[2]?.hash ?? '';
    // An event after the seal removed: the pinned part is whole.
    await database.db.delete(documentEvents).where(eq(documentEvents.id, events[3]?.id ?? ''));
    expect(await verifyEventChain(database.db, document, { pinnedHead })).toMatchObject({
      isValid: true,
      count: 3,
    });
    // The last sealed event removed: the rest still links, but the pin is gone.
    await database.db.delete(documentEvents).where(eq(documentEvents.id, events[2]?.id ?? ''));
    expect(await verifyEventChain(database.db, document)).toMatchObject({ isValid: true });
    expect(await verifyEventChain(database.db, document, { pinnedHead })).toEqual({
      isValid: false,
      count: 2,
      brokenAt: { id: null, seq: null, reason: 'truncated' },
    });
  });

  it('keeps one chain per document under concurrent appends', async () => {
    const documentId = randomUUID();
    const other = randomUUID();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        database.db.transaction((tx) =>
          appendEvent(tx, {
            collection: 'deals',
            documentId: i % 3 === 0 ? other : documentId,
            event: 'document-sign',
            data: { i },
          }),
        ),
      ),
    );
    const report = await verifyEventChain(database.db, { collection: 'deals', documentId });
    expect(report).toMatchObject({ isValid: true, count: 8 });
    expect(
      await verifyEventChain(database.db, { collection: 'deals', documentId: other }),
    ).toMatchObject({
      isValid: true,
      count: 4,
    });
    const seqs = await database.db
      .select({ seq: documentEvents.seq })
      .from(documentEvents)
      .where(
        and(eq(documentEvents.collection, 'deals'), eq(documentEvents.documentId, documentId)),
      );
    expect(seqs.map((row) => row.seq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('chains an event appended outside a transaction in a transaction of its own', async () => {
    const document = { collection: 'templates' as const, documentId: randomUUID() };
    await appendEvent(database.db, { ...document, event: 'document-create' });
    await Promise.all([
      appendEvent(database.db, { ...document, event: 'section-edit' }),
      appendEvent(database.db, { ...document, event: 'section-edit' }),
    ]);
    expect(await verifyEventChain(database.db, document)).toMatchObject({
      isValid: true,
      count: 3,
    });
  });

  it('hashes only the events after a prefix an earlier check verified', async () => {
    const { document, events } = await dealWithEvents(4);
    const rows = await readEventChain(database.db, document);
    const verified = { seq: 2, head: events[1]?.hash ?? '' };
    expect(checkEventChain(rows, { verified })).toEqual({
      isValid: true,
      count: 4,
      head: events[3]?.hash,
    });
    // A verified event's content is not hashed again (the stored check stands for it)...
    const changedEarly = rows.map((row) =>
      row.seq === 1 ? { ...row, data: { signer: 'Someone else' } } : row,
    );
    expect(checkEventChain(changedEarly, { verified })).toMatchObject({ isValid: true });
    expect(checkEventChain(changedEarly)).toMatchObject({
      isValid: false,
      brokenAt: { seq: 1, reason: 'hash-mismatch' },
    });
    // ...an event after it is.
    const changedLate = rows.map((row) =>
      row.seq === 3 ? { ...row, data: { signer: 'Someone else' } } : row,
    );
    expect(checkEventChain(changedLate, { verified })).toMatchObject({
      isValid: false,
      brokenAt: { id: events[2]?.id, seq: 3, reason: 'hash-mismatch' },
    });
  });

  it('still follows the links of a verified prefix, its head and its length', async () => {
    const { document, events } = await dealWithEvents(3);
    const rows = await readEventChain(database.db, document);
    const verified = { seq: 3, head: events[2]?.hash ?? '' };
    // The stored head no longer at its place: the verified part was rewritten.
    const rewritten = rows.map((row) => (row.seq === 3 ? { ...row, hash: 'f'.repeat(64) } : row));
    expect(checkEventChain(rewritten, { verified })).toMatchObject({
      isValid: false,
      brokenAt: { seq: 3, reason: 'hash-mismatch' },
    });
    // A link inside it changed.
    const relinked = rows.map((row) => (row.seq === 2 ? { ...row, prevHash: 'x' } : row));
    expect(checkEventChain(relinked, { verified })).toMatchObject({
      isValid: false,
      brokenAt: { seq: 2, reason: 'prev-hash-mismatch' },
    });
    // Fewer events than were verified: removed from the middle, or cut from the end.
    expect(
      checkEventChain(
        rows.filter((row) => row.seq !== 2),
        { verified },
      ),
    ).toMatchObject({
      isValid: false,
      brokenAt: { seq: 3, reason: 'missing-event' },
    });
    expect(checkEventChain(rows.slice(0, 2), { verified })).toEqual({
      isValid: false,
      count: 2,
      brokenAt: { id: null, seq: null, reason: 'truncated' },
    });
  });

  it('tells the hooks registered on the platform of each event appended with it', async () => {
    const platform = {} as Platform;
    const heard: AppendedEvent[] = [];
    onChainAppend(platform, async (tx, appended) => {
      // In the appending transaction: the event is there already.
      const [row] = await tx
        .select({ id: documentEvents.id })
        .from(documentEvents)
        .where(eq(documentEvents.id, appended.id));
      expect(row).toBeDefined();
      heard.push(appended);
    });
    const document = { collection: 'deals' as const, documentId: randomUUID() };
    const first = await appendEvent(
      database.db,
      { ...document, event: 'document-create' },
      platform,
    );
    await appendEvent(database.db, { ...document, event: 'section-edit' });
    await appendEvent(database.db, { ...document, event: 'document-open' }, {} as Platform);
    expect(heard).toEqual([{ ...first, ...document }]);

    // A hook that fails takes the event with it.
    const failing = {} as Platform;
    onChainAppend(failing, async () => {
      throw new Error('hook failed');
    });
    await expect(
      appendEvent(database.db, { ...document, event: 'document-sign' }, failing),
    ).rejects.toThrow('hook failed');
    expect(await verifyEventChain(database.db, document)).toMatchObject({ count: 3 });
  });

  it('hashes canonical JSON: key order does not matter, values do', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    const base = {
      collection: 'deals',
      documentId: 'd',
      seq: 1,
      event: 'e',
      party: null,
      sectionId: null,
      userId: null,
      createdAt: new Date('2026-11-23T00:00:00Z'),
    };
    expect(eventHash(null, { ...base, data: { a: 1, b: 2 } })).toBe(
      eventHash(null, { ...base, data: { b: 2, a: 1 } }),
    );
    expect(eventHash(null, { ...base, data: { a: 1 } })).not.toBe(
      eventHash('x', { ...base, data: { a: 1 } }),
    );
  });

  it("hashes the event's whole canonical JSON, whose number the database puts in", () => {
    const event = {
      collection: 'deals',
      documentId: randomUUID(),
      event: 'section-edit',
      party: 'sender',
      sectionId: randomUUID(),
      userId: randomUUID(),
      // Keys that sort around the event's own and text outside ASCII change nothing.
      data: { seq: 'not the number', userId: 'nor this', zz: 'ääkköset', a: [1, null] },
      createdAt: new Date('2026-12-07T12:00:00.123Z'),
    };
    const { head, tail } = hashedJsonAroundSeq(event);
    expect(`${head}42${tail}`).toBe(canonicalJson({ ...event, seq: 42 }));
    expect(`${head}7${tail}`).toBe(canonicalJson({ ...event, seq: 7, userId: event.userId }));
    expect(hashedJsonAroundSeq({ ...event, userId: null }).tail).toBe(',"userId":null}');
  });
});

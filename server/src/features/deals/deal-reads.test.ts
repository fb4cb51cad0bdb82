import type { DealDetail, DealSectionChange } from '@pactum/core/deals';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { recordStatements, statementsOn } from '../../db/statement-log';
import { verifyEventChain } from '../../documents/audit-chain';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith, type MadeDeal } from '../../test/deal-factory';
import { createUser, type TestUser } from '../../test/factories';
import { openLive } from '../../test/live-client';

/*
 * Light deal reads and writes (issue 20): the deal's page reads the deal with the caller's
 * access in one statement and each section's current version only; a section action answers
 * with what it changed, built inside its transaction, instead of reading the deal again; the
 * live event names the section, and the section route serves exactly that part.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  const make = () => createUser(t.platform);
  [sender, receiver, stranger, otherWorkspaceUser] = await Promise.all([
    make(),
    make(),
    make(),
    make(),
  ]);
  await createWorkspaceWith(t.database.db, [sender]);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
  // Started before any recording, so the app's own loops are not counted as a request's.
  await t.app.ready();
});
afterAll(() => t?.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

const makeDeal = () => createDeal(t.database.db, { sender, receiver });

const payment = (made: MadeDeal) => {
  const section = made.sections.find((s) => s.title === 'Payment');
  if (!section) throw new Error('no payment section');
  return section;
};

/** Statements that read a section's versions (the `content` column) from deal_section. */
const versionReads = (statements: string[]) =>
  statementsOn(statements, 'deal_section').filter((statement) =>
    /^\s*select\b.*[\s,]"content"[\s,]/is.test(statement.split(/\bfrom "deal_section"/i)[0] ?? ''),
  );

describe('the deal answer', () => {
  it('reads the deal and the access check in one statement and each section once, current text only', async () => {
    const made = await makeDeal();
    const { result, statements } = await recordStatements(() =>
      call('GET', `/api/v1/deals/${made.deal.id}`, receiver),
    );
    expect(result.statusCode).toBe(200);
    const deal = result.json() as DealDetail;
    const onDeals = statementsOn(statements, 'deal');
    expect(onDeals).toHaveLength(1);
    expect(onDeals[0]).toContain('"document_access"');
    expect(statementsOn(statements, 'document_access')).toHaveLength(1);
    expect(statementsOn(statements, 'deal_section')).toHaveLength(1);
    expect(versionReads(statements)).toEqual([]);
    // The session, the deal with access, its sections, the names they show.
    expect(statements.length).toBeLessThanOrEqual(4);
    const section = deal.sections.find((s) => s.id === payment(made).id);
    expect(section).not.toHaveProperty('content');
    expect(section).toMatchObject({
      versionCount: 1,
      html: '<p>Invoices are paid in 30 days.</p>',
    });
  });

  it('is refused to a stranger and to a user of another workspace', async () => {
    const made = await makeDeal();
    for (const user of [stranger, otherWorkspaceUser]) {
      expect((await call('GET', `/api/v1/deals/${made.deal.id}`, user)).statusCode).toBe(404);
      const one = await call(
        'GET',
        `/api/v1/deals/${made.deal.id}/sections/${payment(made).id}`,
        user,
      );
      expect(one.statusCode).toBe(404);
    }
  });
});

describe('section actions', () => {
  it('answer with the section and the deal figures, without reading the deal again', async () => {
    const made = await makeDeal();
    const url = `/api/v1/deals/${made.deal.id}/sections/${payment(made).id}`;
    const { result: saved, statements } = await recordStatements(() =>
      call('PUT', url, receiver, {
        title: 'Payment',
        html: '<p>Invoices are paid in 14 days.</p>',
        baseLogLength: 1,
      }),
    );
    expect(saved.statusCode).toBe(200);
    // The deal row once (locked, with the access check), the saved section once (locked, with
    // every section's state and the names the answer shows): nothing re-read.
    const dealRowReads = statementsOn(statements, 'deal').filter(
      (s) => /^\s*select/i.test(s) && s.includes('"negotiation_stats"'),
    );
    expect(dealRowReads).toHaveLength(1);
    expect(dealRowReads[0]).toMatch(/for update/i);
    expect(versionReads(statements)).toHaveLength(1);
    expect(
      statementsOn(statements, 'deal_section').filter((s) => /^\s*select/i.test(s)),
    ).toHaveLength(1);
    const change = saved.json() as DealSectionChange;
    expect(change).toMatchObject({
      section: {
        id: payment(made).id,
        number: '2',
        state: 'countered',
        stateParty: 'receiver',
        versionCount: 2,
        html: '<p>Invoices are paid in 14 days.</p>',
        isLockedByMe: false,
        canAgree: false,
      },
      deal: { state: 'negotiate', counts: { editedByYou: 1, total: 3 }, progress: 0 },
      unlockedSectionIds: [],
    });

    // What the other party's page fetches when the live event names the section.
    const seen = await call('GET', url, sender);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      section: { id: payment(made).id, number: '2', canAgree: true, versionCount: 2 },
      deal: { state: 'negotiate', counts: { editedByOther: 1, editedByYou: 0 } },
      unlockedSectionIds: [],
    });
    // The same section as the whole deal shows it.
    const whole = (await call('GET', `/api/v1/deals/${made.deal.id}`, sender)).json() as DealDetail;
    expect(whole.sections.find((s) => s.id === payment(made).id)).toEqual(seen.json().section);
  });

  it('save in 8 statements besides begin and commit, the session read included, once the deal is in negotiation', async () => {
    const made = await makeDeal();
    const url = `/api/v1/deals/${made.deal.id}/sections/${payment(made).id}`;
    const save = (user: TestUser, days: number, baseLogLength: number) =>
      call('PUT', url, user, {
        title: 'Payment',
        html: `<p>Invoices are paid in ${days} days.</p>`,
        baseLogLength,
      });
    // The first action moves the deal to negotiate and recounts both sides' drawers.
    expect((await save(receiver, 14, 1)).statusCode).toBe(200);
    const { result, statements } = await recordStatements(() => save(sender, 20, 2));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({
      section: { state: 'countered', stateParty: 'sender', versionCount: 3 },
      deal: { state: 'negotiate', counts: { editedByYou: 1, total: 3 } },
    });
    // The session; the deal locked with the caller's access; the section locked with the
    // states and names; the section's and the deal's writes; the event's append; who hears of
    // it; the notification; every live event.
    // (The PostgreSQL driver logs the transaction's begin and commit too; PGlite does not.)
    expect(statements.filter((s) => !/^(begin|commit)$/i.test(s.trim()))).toHaveLength(8);
    expect(statements.filter((s) => s.includes('pg_notify'))).toHaveLength(1);
    expect(statements.filter((s) => s.includes('pactum_append_event'))).toHaveLength(1);

    // Opening the section for editing: the session, the deal, the section with the states and
    // names, the lock, the caller's other locks let go of, the live event.
    const locked = await recordStatements(() => call('POST', `${url}/lock`, receiver));
    expect(locked.result.statusCode).toBe(200);
    expect(locked.result.json()).toMatchObject({ section: { isLockedByMe: true, number: '2' } });
    expect(locked.statements.filter((s) => !/^(begin|commit)$/i.test(s.trim()))).toHaveLength(6);

    // The receiver was told, and the trail still verifies link by link.
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, receiver.id), eq(notifications.documentId, made.deal.id)),
      );
    expect(told.map((row) => row.event)).toEqual(['section-edit']);
    const document = { collection: 'deals', documentId: made.deal.id } as const;
    expect(await verifyEventChain(t.database.db, document)).toMatchObject({ isValid: true });
  });

  it('publish a live event that names the section and what the lock let go of', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    const made = await makeDeal();
    const topic = `deal:${made.deal.id}`;
    const socket = await openLive(`ws://127.0.0.1:${address.port}/api/v1/live`, {
      origin: ORIGIN,
      cookie: sender.cookie,
    });
    try {
      socket.send({ type: 'subscribe', topic });
      await socket.next((m) => m.type === 'subscribed' && m.topic === topic);
      const [, scope, pay] = made.sections;
      const base = `/api/v1/deals/${made.deal.id}/sections`;
      expect((await call('POST', `${base}/${scope?.id}/lock`, receiver)).statusCode).toBe(200);
      await socket.next((m) => m.type === 'event' && m.event.data?.sectionId === scope?.id);
      expect((await call('POST', `${base}/${pay?.id}/lock`, receiver)).statusCode).toBe(200);
      const moved = await socket.next(
        (m) => m.type === 'event' && m.event.data?.sectionId === pay?.id,
      );
      expect(moved).toMatchObject({
        event: {
          type: 'section.locked',
          data: { sectionId: pay?.id, unlockedSectionIds: [scope?.id] },
        },
      });
      const agreed = await call('POST', `${base}/${scope?.id}/agree`, receiver, {
        baseLogLength: 1,
      });
      expect(agreed.statusCode).toBe(200);
      const event = await socket.next(
        (m) => m.type === 'event' && m.event.type === 'section.changed',
      );
      expect(event).toMatchObject({ event: { data: { sectionId: scope?.id } } });
    } finally {
      socket.close();
    }
  });
});

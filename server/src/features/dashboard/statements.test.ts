import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordStatements, statementsOn } from '../../db/statement-log';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspaceWith, insertDeal, insertDealAccess } from '../../test/deal-factory';
import { createUsers, type TestUser } from '../../test/factories';

/*
 * What the dashboard home costs the database (issue 20): each widget is the session lookup and
 * one statement (the alerts add the caller's timezone), and a widget's statement is the same text
 * for every caller, so PostgreSQL prepares and plans it once per connection instead of once per
 * request (queries.ts, `runNamed`). A widget that grows a second read, or a text that embeds the
 * caller, fails here.
 */

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

/** The session lookup every signed-in request makes before its own statements. */
const isSessionLookup = (statement: string) => /from "session"/i.test(statement);

/** Each dashboard request and the statements it may send besides the session lookup. */
const WIDGETS = [
  { url: '/api/v1/dashboard/documents?group=recent', statements: 1 },
  { url: '/api/v1/dashboard/documents?group=drafts', statements: 1 },
  { url: '/api/v1/dashboard/documents?group=negotiate', statements: 1 },
  { url: '/api/v1/dashboard/documents?group=waiting', statements: 1 },
  { url: '/api/v1/dashboard/documents?group=signed', statements: 1 },
  { url: '/api/v1/dashboard/to-sign', statements: 1 },
  { url: '/api/v1/dashboard/alerts', statements: 2 },
  { url: '/api/v1/dashboard/changes', statements: 1 },
];

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [alice, bob] = await createUsers(t.platform, 2);
  const workspaceId = await createWorkspaceWith(t.database.db, [alice, bob]);
  // Deals in several groups, reached as a party and through the workspace, so every widget has
  // rows to read and the access rules have every way in to take.
  for (const state of ['negotiate', 'in-signing', 'signed'] as const) {
    const deal = await insertDeal(t.database.db, { sentBy: alice.id, title: state, state });
    await insertDealAccess(t.database.db, deal.id, {
      sender: alice,
      receiver: bob,
      workspaceAccess: { workspaceId, role: 'view' },
    });
  }
  // Started before any recording, so the app's own loops are not counted as a request's.
  await t.app.ready();
});
afterAll(() => t?.close());

/** The statements of one dashboard request besides the session lookup. */
async function widgetStatements(url: string, user: TestUser): Promise<string[]> {
  const { result, statements } = await recordStatements(() =>
    t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } }),
  );
  expect(result.statusCode, result.body).toBe(200);
  expect(statements.filter(isSessionLookup)).toHaveLength(1);
  return statements.filter((statement) => !isSessionLookup(statement));
}

describe('the dashboard widgets', () => {
  it.each(WIDGETS)('$url reads its widget in $statements statement(s)', async (widget) => {
    expect(await widgetStatements(widget.url, alice)).toHaveLength(widget.statements);
  });

  it('read the deals and the caller’s access in the same statement', async () => {
    const [statement] = await widgetStatements('/api/v1/dashboard/documents?group=recent', alice);
    expect(statementsOn([statement ?? ''], 'deal')).toHaveLength(1);
    expect(statement).toContain('"document_access"');
  });

  it.each(WIDGETS)('$url sends the same text for every caller', async (widget) => {
    const asAlice = await widgetStatements(widget.url, alice);
    const asBob = await widgetStatements(widget.url, bob);
    expect(asBob).toEqual(asAlice);
    for (const statement of asAlice) expect(statement).not.toContain(alice.id);
  });

  it.each(WIDGETS)(
    '$url runs its statements as named ones, one name for every caller',
    async (widget) => {
      const prepare = vi.spyOn(t.database.db._.session, 'prepareQuery');
      const namesOf = async (user: TestUser) => {
        prepare.mockClear();
        await widgetStatements(widget.url, user);
        return prepare.mock.calls.map((call) => call[2]);
      };
      try {
        const asAlice = await namesOf(alice);
        expect(asAlice).toHaveLength(widget.statements);
        for (const name of asAlice) expect(name).toMatch(/^pactum_home_[0-9a-f]{20}$/);
        expect(await namesOf(bob)).toEqual(asAlice);
      } finally {
        prepare.mockRestore();
      }
    },
  );
});

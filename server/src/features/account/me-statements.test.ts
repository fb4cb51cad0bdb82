import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../db/statement-log';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';

/*
 * What the app's load costs the database (issue 39): `GET /me` is the session lookup and one
 * statement for the user, their live counts and whether anything waits for their address. Only
 * when something waits does it take it up and read again.
 */

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  alice = await createUser(t.platform);
  // Started before any recording, so the app's own loops are not counted as a request's.
  await t.app.ready();
});
afterAll(() => t?.close());

const isSessionLookup = (statement: string) => /from "session"/i.test(statement);

async function meStatements(user: TestUser): Promise<string[]> {
  const { result, statements } = await recordStatements(() =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: user.cookie } }),
  );
  expect(result.statusCode, result.body).toBe(200);
  expect(statements.filter(isSessionLookup)).toHaveLength(1);
  return statements.filter((statement) => !isSessionLookup(statement));
}

describe('GET /me', () => {
  it('reads the user, their counts and what waits for their address in one statement', async () => {
    await meStatements(alice); // the first load also marks the first sign-in as welcomed
    const statements = await meStatements(alice);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select/i);
  });

  it('writes nothing when nothing waits for the address', async () => {
    const statements = await meStatements(alice);
    expect(statements.filter((statement) => /^(insert|update|delete)/i.test(statement))).toEqual(
      [],
    );
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  user = await createUser(t.platform);
});
afterAll(() => t?.close());

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });

function parts(cookie: string) {
  const [name, raw] = cookie.split('=') as [string, string];
  const value = decodeURIComponent(raw);
  const at = value.lastIndexOf('.');
  return { name, token: value.slice(0, at), signature: value.slice(at + 1) };
}

describe('reading the session cookie', () => {
  it('accepts the cookie the auth engine signed', async () => {
    const result = await t.platform.readSessionCookie(user.cookie);
    expect(result).toMatchObject({
      kind: 'live',
      session: { user: { id: user.id, email: user.email } },
    });
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('refuses a cookie whose token or signature was changed', async () => {
    const { name, token, signature } = parts(user.cookie);
    const otherToken = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    for (const forged of [
      `${name}=${encodeURIComponent(`${otherToken}.${signature}`)}`,
      `${name}=${encodeURIComponent(`${token}.${signature.replace(/^./, signature[0] === 'A' ? 'B' : 'A')}`)}`,
      `${name}=${encodeURIComponent(token)}`,
      `${name}=%E0%A4%A`,
    ]) {
      expect(await t.platform.readSessionCookie(forged)).toEqual({ kind: 'none' });
      expect((await me(forged)).statusCode).toBe(401);
    }
  });

  it('refuses an expired session', async () => {
    const other = await createUser(t.platform);
    const { token } = parts(other.cookie);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await t.platform.readSessionCookie(other.cookie)).toEqual({ kind: 'none' });
    expect((await me(other.cookie)).statusCode).toBe(401);
  });

  it('leaves a session due for renewal to the auth engine, which extends it', async () => {
    const other = await createUser(t.platform);
    const { token } = parts(other.cookie);
    const dayAndMore = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const soon = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await t.database.db
      .update(sessions)
      .set({ updatedAt: dayAndMore, expiresAt: soon })
      .where(eq(sessions.token, token));
    expect(await t.platform.readSessionCookie(other.cookie)).toEqual({ kind: 'renew' });
    expect((await me(other.cookie)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(soon.getTime());
    expect(await t.platform.readSessionCookie(other.cookie)).toMatchObject({ kind: 'live' });
  });
});

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import type { Platform } from '../platform/platform';

export type TestUser = typeof users.$inferSelect & {
  /** The Cookie header value of a signed-in session. */
  cookie: string;
  password: string;
};

/** The `name=value` pairs of Set-Cookie headers, as a Cookie header value. */
export function cookieHeader(setCookies: string[] | string | undefined): string {
  const list =
    setCookies === undefined ? [] : Array.isArray(setCookies) ? setCookies : [setCookies];
  return list
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

/**
 * A registered user with a completed profile and a signed-in session, made through the real
 * auth engine. Pass fields to override (e.g. `emailVerified`, `isAdmin`, `lang`). An admin's
 * session counts as signed in with a second factor (the admin area needs one) unless
 * `secondFactor: null` says otherwise.
 */
/** The password of test users unless a test gives one. */
export const TEST_PASSWORD = 'pw-test-users-secret';

export async function createUser(
  platform: Platform,
  overrides: Partial<Omit<typeof users.$inferInsert, 'id'>> & {
    password?: string;
    secondFactor?: 'totp' | null;
  } = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const {
    // One password for the test users: its hash is made once (test/password-hashing.ts).
    password = TEST_PASSWORD,
    secondFactor = overrides.isAdmin ? 'totp' : null,
    ...fields
  } = overrides;
  const email = fields.email ?? `user-${suffix}@example.test`;
  const result = await platform.auth.api.signUpEmail({
    body: { name: `Test User${suffix}`, email, password },
    returnHeaders: true,
  });
  const [user] = await platform.database.db
    .update(users)
    .set({
      firstname: 'Test',
      lastname: `User${suffix}`,
      profileCompletedAt: new Date(),
      welcomedAt: new Date(),
      emailVerified: true,
      ...(secondFactor ? { twoFactorAt: new Date() } : {}),
      ...fields,
    })
    .where(eq(users.id, result.response.user.id))
    .returning();
  if (!user) throw new Error('user not created');
  if (secondFactor) {
    await platform.database.db
      .update(sessions)
      .set({ secondFactor })
      .where(eq(sessions.userId, user.id));
  }
  return { ...user, password, cookie: cookieHeader(result.headers.getSetCookie()) };
}

/** A fresh session for the user, as a Cookie header value. */
export async function signIn(
  platform: Platform,
  user: { email: string; password: string },
): Promise<string> {
  const result = await platform.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  return cookieHeader(result.headers.getSetCookie());
}

/** A tuple of `N` values of `T`. */
type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N
  ? R
  : Tuple<T, N, [T, ...R]>;

/** `count` new signed-in users at once, each as `createUser` makes them. */
export async function createUsers<N extends number>(
  platform: Platform,
  count: N,
): Promise<Tuple<TestUser, N>> {
  return (await Promise.all(Array.from({ length: count }, () => createUser(platform)))) as Tuple<
    TestUser,
    N
  >;
}

import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../platform/auth/sessions';

export type TestUser = typeof users.$inferSelect;

/** A user with unique e-mail; pass fields to override. */
export async function createUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      name: `Test User ${suffix}`,
      firstname: 'Test',
      lastname: `User ${suffix}`,
      email: `user-${suffix}@example.test`,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** Signs the user in; returns the Cookie header value that carries the session. */
export async function signIn(db: DbOrTx, user: { id: string }, cookieName = 'pactum_session') {
  const { token } = await createSession(db, { userId: user.id });
  return `${cookieName}=${token}`;
}

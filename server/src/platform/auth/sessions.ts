import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';

/** Whether a session still exists and has not expired (sign-out and password changes end it). */
export async function isSessionLive(db: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

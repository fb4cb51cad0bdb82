import type { UpdateMe } from '@pactum/core/account';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Platform } from '../../platform/platform';

/** Saves the user's own settings and tells their open tabs (topic `user:<id>`). */
export async function updateMe(
  platform: Platform,
  options: { userId: string; changes: UpdateMe },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lang: options.changes.lang, updatedAt: new Date() })
      .where(eq(users.id, options.userId));
    await platform.realtime.publish(tx, {
      topic: `user:${options.userId}`,
      type: 'user.updated',
    });
  });
}

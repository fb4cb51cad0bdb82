import { refreshHomeCounts } from '../../documents/counters';
import type { Platform } from '../../platform/platform';
import { attachEmailEntries, hasOpenEmailEntry } from './queries';

/**
 * Attaches the document access entries made for the user's e-mail before they had an account
 * to the account (verified addresses only). Cheap when there is nothing to attach.
 */
export async function claimEmailAccess(
  platform: Platform,
  options: { userId: string; email: string; isEmailVerified: boolean },
): Promise<number> {
  if (!options.isEmailVerified) return 0;
  const email = options.email.toLowerCase();
  const { db } = platform.database;
  if (!(await hasOpenEmailEntry(db, email))) return 0;
  return db.transaction(async (tx) => {
    const claimed = await attachEmailEntries(tx, { email, userId: options.userId });
    // Deals the address was invited to now count in the user's drawer.
    if (claimed.some((row) => row.collection === 'deals')) {
      await refreshHomeCounts(platform, tx, options.userId);
    }
    return claimed.length;
  });
}

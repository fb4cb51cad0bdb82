import { requireAccess } from '../../documents/access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';

/** The realtime authoriser of `deal:<id>`: any access to the deal. */
export async function canWatchDeal(
  platform: Platform,
  options: { userId: string; dealId: string },
): Promise<boolean> {
  try {
    await requireAccess(platform.database.db, {
      collection: 'deals',
      documentId: options.dealId,
      userId: options.userId,
    });
    return true;
  } catch (error) {
    // Only a refusal is a no; a database that failed answers nothing, and the caller keeps the
    // subscription (a blip must not unsubscribe everyone watching).
    if (error instanceof AppError) return false;
    throw error;
  }
}

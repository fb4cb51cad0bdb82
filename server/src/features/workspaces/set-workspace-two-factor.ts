import { eq } from 'drizzle-orm';
import { workspaces } from '../../db/schema';
import { requireAdministrator } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { hasTwoFactor } from './queries';

/**
 * Sets whether the workspace's members must sign in with a second factor (administrators only).
 * An administrator turning it on must have a factor already, so no one locks the workspace's
 * administration out; members without one are held at their account settings until they add
 * one (`http/session.ts`).
 */
export async function setWorkspaceTwoFactor(
  platform: Platform,
  options: { userId: string; workspaceId: string; requireTwoFactor: boolean },
): Promise<void> {
  const { db } = platform.database;
  await requireAdministrator(db, options);
  if (options.requireTwoFactor && !(await hasTwoFactor(db, options.userId))) {
    throw new AppError('own_two_factor_first');
  }
  await db
    .update(workspaces)
    .set({ requireTwoFactor: options.requireTwoFactor })
    .where(eq(workspaces.id, options.workspaceId));
}

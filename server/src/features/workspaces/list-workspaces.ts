import type { Platform } from '../../platform/platform';
import { selectUserWorkspaces } from './queries';

/** The workspaces the user belongs to, most credits first. */
export async function listWorkspaces(platform: Platform, options: { userId: string }) {
  return selectUserWorkspaces(platform.database.db, options.userId);
}

import type { Platform } from '../../../platform/platform';
import { searchWorkspaces } from './queries';

/**
 * The admin area's billing list, a page at a time: workspaces waiting for review first, then
 * the newest. `q` matches part of the title, company name or VAT id, or the whole id.
 */
export async function listAllWorkspaces(
  platform: Platform,
  options: { q: string; page: number; pageSize: number },
) {
  const rows = await searchWorkspaces(platform.database.db, options);
  return {
    items: rows.slice(0, options.pageSize),
    page: options.page,
    pageSize: options.pageSize,
    hasMore: rows.length > options.pageSize,
  };
}

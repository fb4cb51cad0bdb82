import type { AccessList } from '@pactum/core/templates';
import type { Platform } from '../../platform/platform';
import { selectEntries } from './queries';
import { requireListAccess, type SharingOptions } from './share-access';

/** The document's share list and whether the caller may change it. */
export async function listAccess(platform: Platform, options: SharingOptions): Promise<AccessList> {
  const { db } = platform.database;
  const grant = await requireListAccess(platform, db, options);
  return {
    entries: await selectEntries(db, grant),
    canManage: grant.role === 'edit' || grant.isAdmin,
  };
}

import { dealViewerIds } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { notifyAccess, viewersChanged } from './access-changed';
import { deleteEntry } from './queries';
import { requireEntry, requireManager, type SharingOptions } from './share-access';

/** Removes one member; at least one member (and one editor) stays. */
export async function removeAccess(
  platform: Platform,
  options: SharingOptions & { accessId: string },
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const grant = await requireManager(platform, tx, options);
    const { entry, entries } = await requireEntry(tx, grant, options.accessId);
    const editors = entries.filter((candidate) => candidate.role === 'edit');
    if (entries.length === 1 || (entry.role === 'edit' && editors.length === 1)) {
      throw new AppError('last_editor');
    }
    const before = grant.collection === 'deals' ? await dealViewerIds(tx, grant.documentId) : [];
    await deleteEntry(tx, entry.id);
    await notifyAccess(platform, tx, grant);
    await viewersChanged(platform, tx, grant, before);
  });
}

import type { AccessRole } from '@pactum/core/documents';
import type { AccessList } from '@pactum/core/templates';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { notifyAccess } from './access-changed';
import { selectEntries, setEntryRole } from './queries';
import { requireEntry, requireManager, type SharingOptions } from './share-access';

/** Changes one member's role; the last editor cannot become a viewer. */
export async function updateAccess(
  platform: Platform,
  options: SharingOptions & { accessId: string; role: AccessRole },
): Promise<AccessList> {
  return platform.database.db.transaction(async (tx) => {
    const grant = await requireManager(platform, tx, options);
    const { entry, entries } = await requireEntry(tx, grant, options.accessId);
    const editors = entries.filter((candidate) => candidate.role === 'edit');
    if (options.role === 'view' && entry.role === 'edit' && editors.length === 1) {
      throw new AppError('last_editor');
    }
    await setEntryRole(tx, entry.id, options.role);
    await notifyAccess(platform, tx, grant);
    return { entries: await selectEntries(tx, grant), canManage: true };
  });
}

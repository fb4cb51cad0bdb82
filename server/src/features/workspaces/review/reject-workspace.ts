import { logAdminAction } from '../../../documents/admin-log';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import { notifyWorkspace } from '../notify-workspace';
import type { AdminReview } from './admin-review';
import { markRejected } from './queries';

/** An administrator rejects an invoice workspace still waiting for review; logged. */
export async function rejectWorkspace(platform: Platform, options: AdminReview) {
  await platform.database.db.transaction(async (tx) => {
    const workspace = await markRejected(tx, options.workspaceId, options.adminId);
    if (!workspace) throw new AppError('reject_only_waiting');
    await logAdminAction(tx, {
      adminId: options.adminId,
      action: 'workspace.rejected',
      target: { kind: 'workspace', id: workspace.id, label: workspace.title },
      reason: options.reason ?? null,
      ipAddress: options.ipAddress ?? null,
    });
    await notifyWorkspace(platform, tx, workspace.id, 'workspace.rejected');
  });
}

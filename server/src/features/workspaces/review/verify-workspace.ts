import { logAdminAction } from '../../../documents/admin-log';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import { applyCreditChange } from '../ledger';
import { notifyWorkspace } from '../notify-workspace';
import type { AdminReview } from './admin-review';
import { markVerified } from './queries';

/**
 * An administrator verifies an invoice workspace: it becomes usable and gets its ordered
 * credits (once, however often it is verified). Each verification is logged.
 */
export async function verifyWorkspace(
  platform: Platform,
  options: AdminReview & { adminName: string },
) {
  await platform.database.db.transaction(async (tx) => {
    const workspace = await markVerified(tx, options.workspaceId, options.adminId);
    if (!workspace) throw new AppError('not_found');
    const order = workspace.asyncPayment;
    const granted =
      order && order.credits > 0
        ? await applyCreditChange(tx, {
            workspaceId: workspace.id,
            idempotencyKey: `invoice-order:${workspace.id}`,
            product: 'credits',
            purchase: order.credits,
            currency: order.currency,
            unitPrice: order.unitPrice,
            taxPrc: order.taxPrc,
            taxAmount: order.taxAmount,
            purchaseTotal: order.purchaseTotal,
            userId: options.adminId,
            userName: options.adminName,
          })
        : null;
    await logAdminAction(tx, {
      adminId: options.adminId,
      action: 'workspace.verified',
      target: { kind: 'workspace', id: workspace.id, label: workspace.title },
      reason: options.reason ?? null,
      ipAddress: options.ipAddress ?? null,
      data: { credits: granted?.isApplied ? order?.credits : 0 },
    });
    await notifyWorkspace(platform, tx, workspace.id, 'workspace.verified');
  });
}

import type { AdminAction, AdminTargetKind } from '@pactum/core/admin';
import type { DbOrTx } from '../db/client';
import { adminEvents } from '../db/schema';

export type AdminActionRecord = {
  /** The admin who acted. */
  adminId: string;
  action: AdminAction;
  target: { kind: AdminTargetKind; id: string; label?: string | null };
  /** The user the action was about (for `user.*` the target itself), so filters find it. */
  targetUserId?: string | null;
  reason?: string | null;
  ipAddress?: string | null;
  data?: Record<string, unknown>;
};

/**
 * Writes an admin action to the event log. Call it in the action's own transaction, so the log
 * holds exactly the actions that happened (a refused or rolled-back action leaves no line).
 */
export async function logAdminAction(tx: DbOrTx, record: AdminActionRecord): Promise<void> {
  await tx.insert(adminEvents).values({
    adminId: record.adminId,
    action: record.action,
    targetKind: record.target.kind,
    targetId: record.target.id,
    targetLabel: record.target.label ?? null,
    targetUserId: record.targetUserId ?? (record.target.kind === 'user' ? record.target.id : null),
    reason: record.reason ?? null,
    ipAddress: record.ipAddress ?? null,
    data: record.data ?? {},
  });
}

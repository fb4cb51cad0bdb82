import type {
  adminCreditAdjustmentBodySchema,
  adminCreditAdjustmentResultSchema,
} from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { apiFetch } from '../../../app/http';
import { useWorkspaceAction } from './use-workspace-action';

export type CreditAdjustmentBody = Wire<typeof adminCreditAdjustmentBodySchema>;
export type CreditAdjustmentResult = Wire<typeof adminCreditAdjustmentResultSchema>;

/**
 * POST /api/v1/admin/workspaces/:workspaceId/credits: adds or removes credits through the
 * ledger. The same `idempotencyKey` sent twice applies once.
 */
export function adjustCredits({
  workspaceId,
  body,
}: {
  workspaceId: string;
  body: CreditAdjustmentBody;
}): Promise<CreditAdjustmentResult> {
  return apiFetch<CreditAdjustmentResult>(
    `/api/v1/admin/workspaces/${encodeURIComponent(workspaceId)}/credits`,
    { method: 'POST', body },
  );
}

export function useAdjustCredits() {
  return useWorkspaceAction(adjustCredits);
}

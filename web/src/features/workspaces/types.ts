import type { paymentStateSchema } from '@pactum/core/api/payments';
import type { Wire } from '@pactum/core/api/wire';
import type {
  transactionPageSchema,
  transactionSchema,
  workspaceGroupSchema,
  workspaceMemberSchema,
  workspaceSchema,
  workspaceStatsSchema,
  workspaceSummarySchema,
} from '@pactum/core/api/workspaces';

// The web's names for the answers of the workspace API: the wire side of the server's own
// response schemas (dates are ISO strings).

/** One row of GET /api/v1/workspaces. */
export type WorkspaceSummary = Wire<typeof workspaceSummarySchema>;
/** Card (verified at once) or invoice (reviewed). */
export type WorkspaceType = WorkspaceSummary['type'];
export type WorkspaceMember = Wire<typeof workspaceMemberSchema>;
export type WorkspaceGroup = Wire<typeof workspaceGroupSchema>;
export type WorkspaceStats = Wire<typeof workspaceStatsSchema>;
/** GET /api/v1/workspaces/:id. */
export type Workspace = Wire<typeof workspaceSchema>;
/** A card payment for credits as the server reports it. */
export type PaymentState = Wire<typeof paymentStateSchema>;
/** One ledger row of GET /api/v1/workspaces/:id/transactions. */
export type Transaction = Wire<typeof transactionSchema>;
export type TransactionPage = Wire<typeof transactionPageSchema>;

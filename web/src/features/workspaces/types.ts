import type { Currency } from '@pactum/core/billing';

// The answers of the workspace API as the server sends them (JSON: dates are ISO strings).
// They describe server output only; the requests use the shared schemas of @pactum/core/billing.

export type WorkspaceType = 'card' | 'invoice';
/** Billing access: `edit` is an administrator, `view` a user. */
export type WorkspaceRole = 'edit' | 'view';

/** One row of GET /api/v1/workspaces. */
export type WorkspaceSummary = {
  id: string;
  title: string;
  type: WorkspaceType;
  credits: number;
  currency: Currency;
  isVerified: boolean;
  isRejected: boolean;
  isDemo: boolean;
  role: WorkspaceRole;
  createdAt: string;
};

export type WorkspaceMember = { userId: string; name: string; email: string; role: WorkspaceRole };
export type WorkspaceInvite = { email: string; role: WorkspaceRole; createdAt: string };
export type WorkspaceGroup = {
  id: string;
  name: string;
  description: string;
  memberIds: string[];
};
export type WorkspaceTag = { id: string; tag: string; createdAt: string };

export type WorkspaceStats = {
  deals: { negotiation: number; inSigning: number; signed: number; archives: number };
  members: number;
  groups: number;
  tags: number;
  credits: { purchased: number; spent: number };
};

/** GET /api/v1/workspaces/:id. */
export type Workspace = WorkspaceSummary & {
  billingEmail: string | null;
  company: Partial<Record<'name' | 'vat' | 'department' | 'costcenter' | 'www', string>>;
  address: Partial<Record<'street1' | 'street2' | 'zip' | 'city' | 'state' | 'country', string>>;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  licensing: {
    maxActiveSeats: number;
    usedSeats: number;
    /** Administrators only. */
    pricePerSeat?: number;
  };
  members: WorkspaceMember[];
  /** Open invites; administrators only (others get an empty list). */
  invites: WorkspaceInvite[];
  groups: WorkspaceGroup[];
  tags: WorkspaceTag[];
  stats: WorkspaceStats | null;
  statsCalculatedAt: string | null;
};

/** A card payment for credits as the server reports it. */
export type PaymentState = {
  paymentId: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  credits: number;
  /** Minor units, tax included. */
  purchaseTotal: number;
  currency: Currency;
  /** The bank's 3-D Secure page, for `requires_action`. */
  redirectUrl?: string;
  /** The processor's reason for a failure. */
  message?: string;
  /** The workspace's balance after a successful purchase. */
  balance?: number;
};

/** One ledger row of GET /api/v1/workspaces/:id/transactions. */
export type Transaction = {
  id: string;
  createdAt: string;
  userName: string | null;
  product: 'credits' | 'licenses' | 'send' | 'adjustment';
  purchase: number;
  spend: number;
  amountChange: number;
  balanceAfter: number;
  currency: Currency | null;
  purchaseTotal: number | null;
  taxAmount: number | null;
  documentTitle: string | null;
  documentProcess: 'sign' | 'negotiate' | 'pdf' | null;
  receiverName: string | null;
};

export type TransactionPage = {
  total: number;
  page: number;
  pageSize: number;
  items: Transaction[];
};

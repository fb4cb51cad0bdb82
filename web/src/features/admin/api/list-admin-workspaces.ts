import type { Currency } from '@pactum/core/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** One row of the admin area's billing list. */
export type AdminWorkspace = {
  id: string;
  title: string;
  type: 'card' | 'invoice';
  credits: number;
  isVerified: boolean;
  isRejected: boolean;
  company: { name?: string; vat?: string };
  /** What an invoice order asked for; granted when the workspace is verified. */
  asyncPayment: {
    credits: number;
    currency: Currency;
    purchaseTotal: number;
  } | null;
  createdAt: string;
};

export const adminWorkspacesQueryKey = ['admin', 'workspaces'] as const;

/** GET /api/v1/admin/workspaces: every workspace, those waiting for review first (admins). */
export function listAdminWorkspaces(): Promise<AdminWorkspace[]> {
  return apiFetch<AdminWorkspace[]>('/api/v1/admin/workspaces');
}

export const adminWorkspacesQueryOptions = queryOptions({
  queryKey: adminWorkspacesQueryKey,
  queryFn: listAdminWorkspaces,
});

export function useAdminWorkspaces() {
  return useQuery(adminWorkspacesQueryOptions);
}

import type { adminTransactionPageSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { type PageParams, searchListQuery } from '../list-params';
import { adminKeys } from './admin-keys';

/** A page of a workspace's ledger, newest first. */
export type AdminTransactionPage = Wire<typeof adminTransactionPageSchema>;
export type AdminTransaction = AdminTransactionPage['items'][number];

/** GET /api/v1/admin/workspaces/:workspaceId/transactions. */
export function listAdminTransactions(
  workspaceId: string,
  params: PageParams,
): Promise<AdminTransactionPage> {
  return apiFetch<AdminTransactionPage>(
    `/api/v1/admin/workspaces/${encodeURIComponent(workspaceId)}/transactions?${searchListQuery({ ...params, q: '' })}`,
  );
}

export const adminTransactionsQueryOptions = (workspaceId: string, params: PageParams) =>
  queryOptions({
    // Under the workspace's key: an adjustment or a review reads the ledger again too.
    queryKey: [...adminKeys.workspace(workspaceId), 'transactions', params] as const,
    queryFn: () => listAdminTransactions(workspaceId, params),
    placeholderData: keepPreviousData,
  });

export function useAdminTransactions(workspaceId: string, params: PageParams) {
  return useQuery(adminTransactionsQueryOptions(workspaceId, params));
}

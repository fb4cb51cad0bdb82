import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { TransactionPage } from '../types';
import { workspaceQueryKey } from './get-workspace';

/** GET /api/v1/workspaces/:id/transactions?page=N: the ledger, newest first, 10 a page. */
export function listTransactions(workspaceId: string, page: number): Promise<TransactionPage> {
  return apiFetch<TransactionPage>(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/transactions?page=${page}`,
  );
}

export const transactionsQueryOptions = (workspaceId: string, page: number) =>
  queryOptions({
    // Under the workspace's key, so that its realtime events refetch the ledger too.
    queryKey: [...workspaceQueryKey(workspaceId), 'transactions', page] as const,
    queryFn: () => listTransactions(workspaceId, page),
    placeholderData: keepPreviousData,
  });

export function useTransactions(workspaceId: string, page: number) {
  return useQuery(transactionsQueryOptions(workspaceId, page));
}

import { TRANSACTIONS_PAGE_SIZE } from '@pactum/core/billing';
import { requireMember } from '../../../documents/workspace-access';
import type { Platform } from '../../../platform/platform';
import { countTransactions, readLedger } from './queries';

/** The ledger of a workspace, newest first, 10 a page. */
export async function listTransactions(
  platform: Platform,
  options: { userId: string; workspaceId: string; page: number },
) {
  const { db } = platform.database;
  await requireMember(db, options);
  const total = await countTransactions(db, options.workspaceId);
  return {
    total,
    page: options.page,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    items: await readLedger(db, {
      workspaceId: options.workspaceId,
      offset: (options.page - 1) * TRANSACTIONS_PAGE_SIZE,
      limit: TRANSACTIONS_PAGE_SIZE,
    }),
  };
}

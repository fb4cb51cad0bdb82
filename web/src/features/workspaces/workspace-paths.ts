/** The workspace list. */
export const WORKSPACES_PATH = '/dashboard/account/workspace';

/** A workspace's page (spec route edit-workspace). */
export function workspacePath(workspaceId: string): string {
  return `${WORKSPACES_PATH}/edit/${workspaceId}`;
}

/** The hash that opens the Buy credits tab (spec 3 §2.5). */
export const BUY_CREDITS_HASH = 'buy-credits';
export const TRANSACTIONS_HASH = 'transactions';

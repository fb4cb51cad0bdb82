/* The front door of workspaces: what other features may use of it. */

export { addTag } from './api/add-tag';
export { useWorkspace, workspaceQueryOptions } from './api/get-workspace';
export { useWorkspaces } from './api/list-workspaces';
export { BuyCreditsCard } from './components/buy-credits-card';
export { OrderForm } from './components/order-form';
export { TransactionsTable } from './components/transactions-card';
export type { WorkspaceSummary } from './types';
export { workspacePath } from './workspace-paths';

/* The sharing feature's front door: what other features may call. */
export { spendShareMailBudget } from './mail-budget';
export { claimEmailAccess, grantTokenWorkspaceAccess, grantUserAccess } from './service';

/* The sharing feature's front door: what other features may call. */
export { claimEmailAccess } from './claim-email-access';
export { grantTokenWorkspaceAccess } from './grant-token-workspace-access';
export { grantUserAccess } from './grant-user-access';
export { spendShareMailBudget } from './mail-budget';
export { openEmailEntryFor } from './queries';

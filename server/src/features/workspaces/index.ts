/* The workspaces feature's front door: what other features may call. */
export { readLedger } from './credits/queries';
export { type AppliedChange, applyCreditChange } from './ledger';
export { acceptWorkspaceInvites } from './members/accept-workspace-invites';
export { openWorkspaceInviteFor } from './members/queries';
export { notifyWorkspace } from './notify-workspace';
export { listAllWorkspaces } from './review/list-all-workspaces';
export { rejectWorkspace } from './review/reject-workspace';
export { verifyWorkspace } from './review/verify-workspace';

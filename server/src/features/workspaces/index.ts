/* The workspaces feature's front door: what other features may call. */
export { type AppliedChange, applyCreditChange } from './ledger';
export {
  acceptWorkspaceInvites,
  listAllWorkspaces,
  notifyWorkspace,
  readLedger,
  rejectWorkspace,
  verifyWorkspace,
} from './service';

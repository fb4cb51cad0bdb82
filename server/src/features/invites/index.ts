/* The invites feature's front door: what other features may call. */
export { newLinkId } from './link-id';
export { claimSignerSlots, documentPath, hasReceiverParty } from './service';

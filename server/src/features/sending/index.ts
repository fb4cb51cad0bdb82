/* The sending feature's front door: what other features may call. */
export { createInvite } from './job';

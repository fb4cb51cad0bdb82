/* The notifications feature's front door: what other features may call. */
export { notifyDealCreated } from './deal-created';
export { plannedDigestAt } from './digest';
export { notifyUsers } from './notify';

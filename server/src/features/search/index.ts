/* The search feature's front door: what other features may call. */
export { queueDealPages } from './deal-pages';

/* The webhooks feature's front door: what other features may call. */
export { queueDealWebhook } from './events';

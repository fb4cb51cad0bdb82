/* The front door of webhooks: what other features may use of it. */

export { WebhooksCard } from './components/webhooks-card';

/* The front door of api-tokens: what other features may use of it. */

export { ApiTokensCard } from './components/api-tokens-card';

/* The front door of signing: what other features may use of it. */

export { getSigning, signingQueryKey } from './api/get-signing';

/* The front door of account: what other features may use of it. */

export { useUpdateMe } from './api/update-me';

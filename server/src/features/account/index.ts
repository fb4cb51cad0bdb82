/* The account feature's front door: what other features may call. */
export { getMe } from './service';

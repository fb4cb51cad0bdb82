/* The auth feature's front door: what other features may call. */
export { sendVerification } from './service';

/* The admin feature's front door: what other features may call. */
export { requireProductAdmin } from './guard';

/* The templates feature's front door: what other features may call. */
export { insertTemplate } from './service';

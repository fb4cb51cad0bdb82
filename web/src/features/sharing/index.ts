/* The front door of sharing: what other features may use of it. */

export { SharingDialog } from './sharing-dialog';

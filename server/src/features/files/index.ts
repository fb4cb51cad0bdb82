/* The files feature's front door: what other features may call. */
export { PDF_TYPE, requireCompletedUpload, startsAsPdf } from './uploads';

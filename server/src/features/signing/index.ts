/* The signing feature's front door: what other features may call. */
export { loadContractContent } from './contract-content';
export { getSignedPdfStatus } from './signed-pdf';

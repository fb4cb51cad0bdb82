/* The signing feature's front door: what other features may call. */
export { loadContractContent } from './contract-content';
export { getSignedPdfStatus } from './signed-pdf';

/*
 * The signing flow of a deal (spec 3 §4): each party names its signers, start signing freezes
 * the text and e-mails every signer their link, signers sign with a typed signature (and an SMS
 * code when the deal asks for it), and the last signature completes the deal in one
 * transaction and queues the sealed PDF. Every event goes to the hash-chained audit trail.
 * One use case a file (`start-signing.ts`, `sign.ts`, `signing-view.ts`, ...), each starting
 * from `signing-context.ts`; their statements are in `queries.ts`.
 */

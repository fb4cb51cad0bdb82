/* The drafts feature's front door: what other features may call. */
export { publishDraft } from './publish-draft';
export { requireDraft } from './require-draft';

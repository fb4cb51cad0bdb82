/* The drafts feature's front door: what other features may call. */
export { copySectionRows, publishDraft, requireDraft } from './service';

/* The sections feature's front door: what other features may call. */
export { blankSections } from './blank-sections';
export { copySectionRows, copySections } from './copy-sections';
export { documentLockHolder } from './document-lock-holder';
export { insertSectionTree, type NewSection } from './insert-section-tree';
export { listSections } from './list-sections';
export { recordDocumentEvent } from './record-document-event';
export { recordDocumentOpen } from './record-document-open';

/* The sections feature's front door: what other features may call. */
export {
  blankSections,
  copySections,
  documentLockHolder,
  insertSectionTree,
  listSections,
  type NewSection,
  recordDocumentEvent,
  recordDocumentOpen,
} from './service';

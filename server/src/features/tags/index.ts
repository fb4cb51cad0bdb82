/* The tags feature's front door: what other features may call. */
export {
  listAvailableTags,
  listDocumentTags,
  listTagsOfDocuments,
  replaceDocumentTags,
} from './service';

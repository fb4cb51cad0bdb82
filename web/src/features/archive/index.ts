/* The front door of archive: what other features may use of it. */

export { itemQueryOptions } from './api/get-item';
export { archiveFilePath, archivePath } from './archive-paths';
export { ArchivedLink } from './components/archived-link';

/* The front door of dashboard: what other features may use of it. */

export { homeDocumentPath } from './home-links';

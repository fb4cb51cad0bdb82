/* The front door of search: what other features may use of it. */

export { SearchToggle } from './components/search-toggle';

/* The front door of document-tags: what other features may use of it. */

export type { TagsSource } from './api/tags-source';
export { TagsMenu } from './tags-menu';
export { useTagWorkspaces } from './use-tag-workspaces';

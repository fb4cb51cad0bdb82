/* The front door of comments: what other features may use of it. */

export { commentsQueryKey, useComments } from './api/list-comments';
export { SectionComments } from './components/section-comments';
export type { CommentThread } from './types';

/** The documents that carry internal comments. */
export type CommentCollection = 'drafts' | 'deals';

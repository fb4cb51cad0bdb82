import type {
  commentSchema,
  commentThreadListSchema,
  commentThreadSchema,
} from '@pactum/core/api/comments';
import type { Wire } from '@pactum/core/api/wire';

/* The comment routes' answers as the web reads them: the wire side of the server's schemas. */

/** One internal comment with its author. */
export type CommentRow = Wire<typeof commentSchema>;
/** A thread: its first comment and the replies. */
export type CommentThread = Wire<typeof commentThreadSchema>;
/** GET /:collection/:documentId/comments. */
export type CommentThreadList = Wire<typeof commentThreadListSchema>;

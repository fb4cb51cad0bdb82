import { z } from 'zod';
import { partyRoles } from '../documents';

/* Answers of the internal comment routes of drafts and deals. Dates are ISO strings. */

/** One internal comment with its author, as the commenter's party sees it. */
export const commentSchema = z.object({
  id: z.uuid(),
  sectionId: z.uuid(),
  threadId: z.uuid().nullable(),
  party: z.enum(partyRoles),
  content: z.string(),
  creator: z.object({
    id: z.uuid(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
  }),
  createdAt: z.iso.datetime(),
  modifiedAt: z.iso.datetime(),
  isResolved: z.boolean(),
  resolvedBy: z.uuid().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
});

/** A thread: its first comment and the replies in order. */
export const commentThreadSchema = commentSchema.extend({ replies: z.array(commentSchema) });

/** GET /:collection/:documentId/comments: the threads of the caller's party. */
export const commentThreadListSchema = z.object({ threads: z.array(commentThreadSchema) });

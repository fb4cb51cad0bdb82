import { z } from 'zod';
import { documentTagSchema } from './templates';

/* Answers of the document tag routes (workspace tags on templates, drafts and deals). */

/** A document's tags (those the caller can reach) and the tags the caller could add. */
export const documentTagsSchema = z.object({
  tags: z.array(documentTagSchema),
  available: z.array(documentTagSchema.extend({ workspaceId: z.uuid() })),
});

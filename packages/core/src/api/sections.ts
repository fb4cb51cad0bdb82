import { z } from 'zod';
import { sectionSchema } from './templates';

/*
 * Answers of the section routes of templates and drafts (`/api/v1/:collection/:documentId/
 * sections…`): one section (`sectionSchema`, shared with the template and draft details) or,
 * after a move, the whole renumbered list.
 */

/** The renumbered sections of a document after a move. */
export const sectionListSchema = z.object({ sections: z.array(sectionSchema) });

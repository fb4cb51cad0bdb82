import { z } from 'zod';
import { accessParties, accessRoles } from '../documents';

/* Answers of the sharing routes: a document's share list and whom the user can invite. */

/** One member of a document's share list: a person, an e-mail not yet registered, a workspace or a group. */
export const accessEntrySchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  workspaceId: z.uuid().nullable(),
  workspaceTitle: z.string().nullable(),
  groupId: z.uuid().nullable(),
  groupName: z.string().nullable(),
  role: z.enum(accessRoles),
  party: z.enum(accessParties).nullable(),
});

/** A document's share list (on a deal, the caller's party's) and whether the caller may change it. */
export const accessListSchema = z.object({
  entries: z.array(accessEntrySchema),
  canManage: z.boolean(),
});

/** The people, workspaces and groups of the caller's workspaces, offered in the sharing dialog. */
export const sharingSuggestionsSchema = z.object({
  people: z.array(z.object({ email: z.string(), name: z.string() })),
  workspaces: z.array(z.object({ id: z.uuid(), title: z.string() })),
  groups: z.array(z.object({ id: z.uuid(), name: z.string(), workspaceTitle: z.string() })),
});

import { z } from 'zod';
import {
  archiveFilingSteps,
  archiveItemTypes,
  archiveScopes,
  archiveTextStates,
  permissionChangeStates,
} from '../archive';
import { partyRoles } from '../documents';
import { documentTagSchema } from './templates';
import { isoDateTime } from './wire';

/*
 * Answers of the archive routes (`/api/v1/archive/…`). Every listing holds only what the caller
 * may open now, filtered and paged in SQL.
 */

/** One folder or file. */
export const archiveItemSchema = z.object({
  id: z.uuid(),
  type: z.enum(archiveItemTypes),
  name: z.string(),
  /** The folder it is in; null for a root folder and for a file in the Inbox. */
  parentId: z.uuid().nullable(),
  workspaceId: z.uuid().nullable(),
  scope: z.enum(archiveScopes),
  /** The groups that reach it (scope `groups`); empty otherwise. */
  groupIds: z.array(z.uuid()),
  /** Files: the name it was uploaded or filed with, its size in bytes. */
  originalName: z.string().nullable(),
  size: z.number().int().nullable(),
  /** A signed deal's archived copy: the deal, and the party whose copy it is. */
  originalDealId: z.uuid().nullable(),
  originalParty: z.enum(partyRoles).nullable(),
  /** Pending document alerts of the file. */
  alertCount: z.number().int(),
  /** Files: whether its pages' text has been read for search (`no-text`: a scanned PDF). */
  textState: z.enum(archiveTextStates).nullable(),
  pageCount: z.number().int().nullable(),
  tags: z.array(documentTagSchema),
  createdAt: isoDateTime,
  createdBy: z.uuid().nullable(),
  modifiedAt: isoDateTime,
  uploadedAt: isoDateTime.nullable(),
});

/** A page of items. */
export const archivePageSchema = z.object({
  items: z.array(archiveItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** One step of the way from the root to an item (the breadcrumbs). */
export const archiveCrumbSchema = z.object({ id: z.uuid(), name: z.string() });

/** A folder's permission change still running through the folders and files below it. */
export const permissionChangeSchema = z.object({
  id: z.uuid(),
  state: z.enum(permissionChangeStates),
  total: z.number().int(),
  done: z.number().int(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
});

/** GET /archive/folders/:folderId and GET /archive/items/:itemId: one item with its place. */
export const archiveItemDetailSchema = archiveItemSchema.extend({
  /** The folders from the root down to the item's folder (not the item itself). */
  path: z.array(archiveCrumbSchema),
  /** Folders: how many folders and files are below it (what a delete or a group change touches). */
  descendantCount: z.number().int(),
  /** Folders: whether the parent limits it to groups (then its groups cannot be changed here). */
  groupsInherited: z.boolean(),
  /** The workspace's name, for the folder dialog's locked field. */
  workspaceTitle: z.string().nullable(),
  /** Folders: the latest permission change, with its progress. */
  permissionChange: permissionChangeSchema.nullable(),
  /**
   * Folders: whether the caller may create folders inside it (its workspace's administrators;
   * members inside folders limited to their groups). False for files.
   */
  canCreateSubfolder: z.boolean(),
});

/** A signed deal on its way into a party's Inbox (spec 1 §3 save-to-archive queue item). */
export const archiveFilingSchema = z.object({
  dealId: z.uuid(),
  party: z.enum(partyRoles),
  title: z.string(),
  state: z.enum(['in-progress', 'failed']),
  /** `sealing` while the signed PDF is being made, `filing` while it is being archived. */
  step: z.enum(archiveFilingSteps),
  /** 0–100. */
  progress: z.number().int(),
  attempts: z.number().int(),
  createdAt: isoDateTime,
});

/** GET /archive: the root folders and what the Inbox holds. */
export const archiveRootSchema = archivePageSchema.extend({
  inbox: z.object({ files: z.number().int(), filing: z.number().int() }),
  /** Whether the caller belongs to a workspace (needed to create folders and upload). */
  canCreateFolders: z.boolean(),
  /**
   * Whether the caller administers a workspace, so may create root folders (issue 35: members
   * create folders only inside folders of their groups).
   */
  canCreateRootFolder: z.boolean(),
});

/** GET /archive/inbox: the Inbox's files and the signed deals still on their way. */
export const archiveInboxSchema = archivePageSchema.extend({
  filings: z.array(archiveFilingSchema),
});

/** DELETE /archive/items/:itemId: how many items were deleted with it. */
export const archiveDeletedSchema = z.object({ deleted: z.number().int() });

/** GET /archive/items/:itemId/pages: the text read from the file's pages. */
export const archivePagesSchema = z.object({
  textState: z.enum(archiveTextStates).nullable(),
  pageCount: z.number().int().nullable(),
  pages: z.array(z.object({ page: z.number().int(), text: z.string() })),
});

/** GET /deals/:dealId/archived: the caller's party's archived copy of a signed deal. */
export const dealArchivedSchema = z.object({
  archiveId: z.uuid(),
  parentId: z.uuid().nullable(),
});

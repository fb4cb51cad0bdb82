import { z } from 'zod';
import { requiredText } from './validation';

/*
 * The archive (spec 1 §2 'Archive', §3 archive item, §5 'Archive', §6, §9): folders and files a
 * workspace keeps, the Inbox every signed deal is filed into, and the rules both the server and
 * the web apply to them.
 */

/** Largest PDF the archive takes (spec 1 §9: 24 MB). The server reads ARCHIVE_MAX_BYTES. */
export const DEFAULT_ARCHIVE_MAX_BYTES = 24 * 1_048_576;
/** The Inbox's id in routes (spec 1 §2: the starred 'Inbox' folder, id inbox). */
export const INBOX_ID = 'inbox';
/** Page sizes of archive listings. */
export const ARCHIVE_PAGE_SIZE = 100;
export const ARCHIVE_MAX_PAGE_SIZE = 500;
/** Longest folder or file name kept (spec 1 §5: short text max 250). */
export const ARCHIVE_NAME_MAX = 250;
/** The delete confirmation cuts a file's name to this many characters (spec 1 §5). */
export const DELETE_NAME_CUT = 40;

export const archiveItemTypes = ['folder', 'file'] as const;
export type ArchiveItemType = (typeof archiveItemTypes)[number];

/**
 * Who reaches an item: every member of its workspace, the members of its chosen groups, or (a
 * signed deal filed into the Inbox) the people of that party on the deal.
 */
export const archiveScopes = ['workspace', 'groups', 'party'] as const;
export type ArchiveScope = (typeof archiveScopes)[number];

/** A file's page text for search: pending until extracted; `no-text` for a scanned PDF. */
export const archiveTextStates = ['pending', 'done', 'no-text', 'failed'] as const;
export type ArchiveTextState = (typeof archiveTextStates)[number];

/** A signed deal's filing into a party's Inbox: under way, failed, or filed. */
export const archiveFilingStates = ['in-progress', 'failed', 'done'] as const;
export type ArchiveFilingState = (typeof archiveFilingStates)[number];

/** A filing's step: `sealing` while the signed PDF is being made, `filing` while it is archived. */
export const archiveFilingSteps = ['sealing', 'filing'] as const;
export type ArchiveFilingStep = (typeof archiveFilingSteps)[number];

/** A folder's permission change: still running through the items below it, or done. */
export const permissionChangeStates = ['running', 'done'] as const;
export type PermissionChangeState = (typeof permissionChangeStates)[number];

/** The spec's texts of the archive (spec 1 §2, §5). */
export const archiveMessages = {
  en: {
    folderName: 'Invalid folder name. Folder name can contain a-z, numbers or dash.',
    workspaceRequired: 'A Workspace is required to create folders and upload documents.',
    emptyInbox:
      'You currently have no files in your inbox folder. Deals you have signed will automatically appear here.',
    nothingToUpdate: 'Nothing to update...',
    deleteFolder: 'Are you sure you would like to delete folder %s?',
    deleteFile: 'Are you sure you would like to delete file %s?',
  },
  fi: {
    folderName: 'Virheellinen kansion nimi. Nimessä voi olla a–z, numeroita tai viiva.',
    workspaceRequired: 'Kansioiden luominen ja asiakirjojen lataaminen vaatii työtilan.',
    emptyInbox:
      'Saapuneet-kansiossasi ei ole vielä tiedostoja. Allekirjoittamasi sopimukset tulevat tänne automaattisesti.',
    nothingToUpdate: 'Ei päivitettävää...',
    deleteFolder: 'Haluatko varmasti poistaa kansion %s?',
    deleteFile: 'Haluatko varmasti poistaa tiedoston %s?',
  },
} as const;

/**
 * The folder name rule (spec 1 §5): lower case letters, digits, underscores and single dashes
 * between them; no leading, trailing or double dash.
 */
export const FOLDER_NAME_PATTERN = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;

export const isFolderName = (name: string) => FOLDER_NAME_PATTERN.test(name);

/**
 * A name dropped from the computer ('Contracts 2024') made into a valid folder name
 * ('contracts-2024'): lower case, accents dropped, every other run of characters one dash.
 * Empty when nothing usable is left.
 */
export function folderSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ARCHIVE_NAME_MAX)
    .replace(/-+$/, '');
}

/**
 * A file name from the browser made safe to keep and show: only the part after the last slash
 * or backslash, no control characters, spaces collapsed, at most 250 characters with its
 * extension kept, and 'document.pdf' when nothing is left. Never used as a storage path.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).at(-1) ?? '';
  const cleaned = [...base]
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code > 0x1f && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const name = cleaned.replace(/^\.+/, '').trim();
  if (name === '') return 'document.pdf';
  if (name.length <= ARCHIVE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, ARCHIVE_NAME_MAX - extension.length).trimEnd() + extension;
}

/** A name cut for a confirmation text: 'Are you sure you would like to delete file %s?'. */
export function cutName(name: string, max = DELETE_NAME_CUT): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

const folderName = requiredText(ARCHIVE_NAME_MAX).regex(
  FOLDER_NAME_PATTERN,
  archiveMessages.en.folderName,
);

const fileName = requiredText(ARCHIVE_NAME_MAX);

/**
 * A new folder: at the root it needs a workspace (and optionally groups of it); a subfolder
 * takes its parent's workspace, and its groups too when the parent is limited to groups.
 */
export const createFolderSchema = z.object({
  name: folderName,
  parentId: z.uuid().nullable().optional(),
  workspaceId: z.uuid().optional(),
  groupIds: z.array(z.uuid()).max(100).optional(),
});
export type CreateFolder = z.infer<typeof createFolderSchema>;

/** A folder's name and groups (an empty list: the whole workspace). */
export const updateFolderSchema = z
  .object({
    name: folderName.optional(),
    groupIds: z.array(z.uuid()).max(100).optional(),
  })
  .refine((value) => value.name !== undefined || value.groupIds !== undefined, {
    message: archiveMessages.en.nothingToUpdate,
  });
export type UpdateFolder = z.infer<typeof updateFolderSchema>;

/**
 * Rename an item or move it to another folder (`parentId`; null: a folder to the root, where
 * files cannot go).
 */
export const updateItemSchema = z
  .object({
    name: fileName.optional(),
    parentId: z.uuid().nullable().optional(),
  })
  .refine((value) => value.name !== undefined || value.parentId !== undefined, {
    message: archiveMessages.en.nothingToUpdate,
  });
export type UpdateItem = z.infer<typeof updateItemSchema>;

/**
 * A completed upload filed into a folder. `path` is the dropped folder tree between the folder
 * and the file ('Contracts 2024', 'Q1'): each step is created as needed or reused by name.
 */
export const addArchiveFileSchema = z.object({
  uploadId: z.uuid(),
  path: z.array(z.string().min(1).max(ARCHIVE_NAME_MAX)).max(20).optional(),
});
export type AddArchiveFile = z.infer<typeof addArchiveFileSchema>;

export const archivePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ARCHIVE_MAX_PAGE_SIZE).default(ARCHIVE_PAGE_SIZE),
});
export type ArchivePageQuery = z.infer<typeof archivePageQuerySchema>;

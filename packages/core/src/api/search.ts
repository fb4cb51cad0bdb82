import { z } from 'zod';
import { dealStates, draftProcesses, partyRoles } from '../documents';
import {
  SEARCH_DEFAULT_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_TAGS,
  SEARCH_PAGE_SIZES,
  searchCollections,
  searchFields,
  searchHitKinds,
} from '../search';
import { plainText } from '../validation';
import { isoDateTime } from './wire';

/* The search route (`GET /api/v1/search`): what it takes and what it answers. */

const partyRole = z.enum(partyRoles);

/** The query string: `q`, an optional `collection`, exact `tag` values (repeatable), paging. */
export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH_MAX_LENGTH).default(''),
  collection: z.enum(searchCollections).optional(),
  // A tag is compared with stored tags as it is, so what no tag can hold (NUL) is a 400, never a
  // database error.
  tag: z
    .union([plainText().max(100), z.array(plainText().max(100)).max(SEARCH_MAX_TAGS)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (SEARCH_PAGE_SIZES as readonly number[]).includes(size), {
      message: `One of ${SEARCH_PAGE_SIZES.join(', ')}`,
    })
    .default(SEARCH_DEFAULT_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const excerptPartSchema = z.object({ text: z.string(), hit: z.boolean() });

/** One document found, with the best place its words were found. */
export const searchHitSchema = z.object({
  kind: z.enum(searchHitKinds),
  /** The deal's or the archive item's id. */
  id: z.uuid(),
  /** The deal's title or the archive item's name. */
  title: z.string(),
  field: z.enum(searchFields),
  /** The page of a PDF the words are on (dealPage, archivePage), else null. */
  page: z.number().int().nullable(),
  /** About 50 characters around the first matched word; `hit` parts are highlighted. */
  excerpt: z.array(excerptPartSchema),
  /** The document's tags the caller can see (workspaces they belong to), by name. */
  tags: z.array(z.string()),
  /** Deals: the state, process and the caller's party (null for a signer outside both). */
  state: z.enum(dealStates).nullable(),
  process: z.enum(draftProcesses).nullable(),
  myParty: partyRole.nullable(),
  senderName: z.string().nullable(),
  receiverName: z.string().nullable(),
  /** Archive items: the folder it is in (null at the root or in the Inbox). */
  parentId: z.uuid().nullable(),
  /** When the document last changed. */
  modifiedAt: isoDateTime,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** A page of hits, best first; `hasMore` when a next page has at least one. */
export const searchResultSchema = z.object({
  items: z.array(searchHitSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

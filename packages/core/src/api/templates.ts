import { z } from 'zod';
import { partyTypes, sectionTypes } from '../documents';
import { templateFilterSchema, templateGroups } from '../templates';
import { plainText } from '../validation';

/*
 * Response schemas of the template routes (`server/src/features/templates/routes.ts`), and the
 * pieces templates share with drafts: a party as stored, a section as the editor shows it.
 * The services hand their dates already as ISO strings, hence `z.iso.datetime()`.
 */

/** A person named on a document (who holds a lock, who made it). */
export const userRefSchema = z.object({ id: z.uuid(), name: z.string() });

/** A workspace tag put on a document. */
export const documentTagSchema = z.object({ id: z.uuid(), tag: z.string() });

/** One party of a contract as a template or draft stores it (sender or receiver details). */
export const partyViewSchema = z.object({
  type: z.enum(partyTypes),
  name: z.string(),
  vat: z.string().optional(),
  address: z.string().optional(),
  social: z.string().optional(),
  email: z.string().optional(),
});

/** Both parties of a template or draft. */
export const partiesViewSchema = z.object({ sender: partyViewSchema, receiver: partyViewSchema });

/** One content option of a section (in a deal, `title` is the title proposed with it). */
export const contentOptionViewSchema = z.object({
  id: z.string(),
  html: z.string(),
  help: z.string().optional(),
  title: z.string().optional(),
});

/** One section of a template or a draft as the editor shows it, numbered ('1', '1.1'). */
export const sectionSchema = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  position: z.number().int(),
  type: z.enum(sectionTypes),
  title: z.string(),
  help: z.string().nullable(),
  content: z.array(contentOptionViewSchema),
  defaultContentId: z.string().nullable(),
  editLock: z.boolean(),
  lockedBy: userRefSchema.nullable(),
  /** Display number ('1', '1.1'); '' for the parties and signers blocks. */
  number: z.string(),
  modifiedAt: z.iso.datetime(),
});

/** One card of the template library. */
export const templateCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  abstract: z.string(),
  category: z.string().nullable(),
  language: z.string().nullable(),
  region: z.string().nullable(),
  partner: z.string().nullable(),
  isGlobal: z.boolean(),
  /** Credits per receiver; null means 1. */
  price: z.number().int().nullable(),
  createdBy: z.uuid(),
  createdAt: z.iso.datetime(),
  modifiedAt: z.iso.datetime(),
  canEdit: z.boolean(),
  group: z.enum(templateGroups),
});

/** The largest page any of the library, draft and sent lists answers. */
export const LIST_PAGE_SIZE_MAX = 100;

/**
 * `page` (from 1) and `pageSize` (1–100) of a paged list, with the list's default page size.
 * Shared by the library, the draft list and the sent list.
 */
export const listPageQuery = (defaultPageSize: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE_MAX).default(defaultPageSize),
  });

/** Cards a library page holds unless asked otherwise (three columns of eight rows). */
export const TEMPLATE_PAGE_SIZE = 24;
/** The longest library search; longer text is cut (spec 2 §9: pattern maximum 32). */
export const TEMPLATE_SEARCH_MAX = 32;

/** An equality filter of the library (category, language, region, partner); empty means any. */
const libraryFilter = plainText().trim().max(250).default('');

/**
 * `GET /templates`: the library filter (all, my, shared, global), the card filters, a fuzzy
 * search in titles and abstracts (every word of at least two characters must occur, as a
 * substring or a close word, whatever the case and accents) and the page.
 */
export const templateListQuerySchema = templateFilterSchema.extend({
  ...listPageQuery(TEMPLATE_PAGE_SIZE).shape,
  q: plainText()
    .trim()
    .max(200)
    .transform((value) => value.slice(0, TEMPLATE_SEARCH_MAX).trim())
    .default(''),
  category: libraryFilter,
  language: libraryFilter,
  region: libraryFilter,
  partner: libraryFilter,
});

/** The values a card filter offers: those the caller's templates in the tab have, sorted. */
export const templateChoicesSchema = z.object({
  category: z.array(z.string()),
  language: z.array(z.string()),
  region: z.array(z.string()),
  partner: z.array(z.string()),
});

/**
 * `GET /templates`: one page of the library's cards, newest change first (ties by id) or, with a
 * search, best match first (then newest change, then id), and whether more follow. `choices` (the card filters' values in the tab, whatever is filtered) come
 * with the first page only; later pages answer null.
 */
export const templateListSchema = z.object({
  templates: z.array(templateCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  choices: templateChoicesSchema.nullable(),
});

/** A template with its sections (the coupon code only for its editors). */
export const templateDetailSchema = templateCardSchema.extend({
  couponCode: z.string().nullable(),
  parties: partiesViewSchema,
  lockedBy: userRefSchema.nullable(),
  canPublish: z.boolean(),
  tags: z.array(documentTagSchema),
  sections: z.array(sectionSchema),
});

/** `POST /templates/coupons/redeem`: the template the code opened. */
export const redeemCouponResultSchema = z.object({
  templateId: z.uuid(),
  templateTitle: z.string(),
});

import { z } from 'zod';
import { partyTypes, sectionTypes } from '../documents';
import { templateGroups } from '../templates';

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

/** `GET /templates`: the library's cards. */
export const templateListSchema = z.object({ templates: z.array(templateCardSchema) });

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

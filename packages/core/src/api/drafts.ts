import { z } from 'zod';
import { documentVisibilities, draftProcesses } from '../documents';
import { draftQueueSteps, receiverStatuses } from '../drafts';
import {
  documentTagSchema,
  listPageQuery,
  partiesViewSchema,
  partyViewSchema,
  sectionSchema,
} from './templates';

/*
 * Response schemas of the draft routes (`server/src/features/drafts/routes.ts`). The services
 * hand their dates already as ISO strings, hence `z.iso.datetime()`.
 */

/** A receiver of a draft: a party with the e-mails its invites go to. */
export const receiverSchema = z.object({
  id: z.uuid(),
  party: partyViewSchema,
  emails: z.array(z.object({ id: z.string(), email: z.string() })),
  dealId: z.uuid().nullable(),
  status: z.enum(receiverStatuses),
  position: z.number().int(),
});

/** `PUT /drafts/:id/receivers`: the receivers as stored (e-mails normalised). */
export const receiverListSchema = z.object({ receivers: z.array(receiverSchema) });

/** The progress of a draft's send (draftQue); `GET /drafts/:id/queue`. */
export const draftQueueSchema = z.object({
  id: z.uuid(),
  progress: z.number().int(),
  step: z.enum(draftQueueSteps),
  errorMessage: z.string().nullable(),
});

/** A row of the draft list (spec 2 §2.2). */
export const draftRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  senderName: z.string().nullable(),
  receiverName: z.string().nullable(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }),
  createdAt: z.iso.datetime(),
  tags: z.array(documentTagSchema),
});

/** The draft table's page sizes; the first is the default. */
export const DRAFT_PAGE_SIZES = [25, 50, 100] as const;

/** `GET /drafts?page=&pageSize=`: which page of the draft list. */
export const draftListQuerySchema = listPageQuery(DRAFT_PAGE_SIZES[0]);

/**
 * `GET /drafts`: one page of the caller's unsent drafts, newest first (ties by id), with the
 * number of all of them for the table's pager.
 */
export const draftListSchema = z.object({
  drafts: z.array(draftRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A draft with its sections, receivers and send queue. */
export const draftDetailSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  abstract: z.string(),
  templateId: z.uuid().nullable(),
  templateTitle: z.string().nullable(),
  language: z.string().nullable(),
  visibility: z.enum(documentVisibilities),
  parties: partiesViewSchema,
  dealProcess: z.enum(draftProcesses).nullable(),
  defaultProcess: z.enum(draftProcesses).nullable(),
  batchName: z.string().nullable(),
  senderMessage: z.string().nullable(),
  workspaceId: z.uuid().nullable(),
  /** Credits per receiver; null means 1. */
  price: z.number().int().nullable(),
  createdBy: z.uuid(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  canEdit: z.boolean(),
  isCreator: z.boolean(),
  tags: z.array(documentTagSchema),
  sections: z.array(sectionSchema),
  receivers: z.array(receiverSchema),
  queue: draftQueueSchema.nullable(),
});

/** `POST /drafts/:id/template`: the template made of the draft. */
export const templateFromDraftResultSchema = z.object({ templateId: z.uuid() });

import { z } from 'zod';
import { dealStates, documentVisibilities, draftProcesses } from '../documents';
import { mailStatuses } from '../drafts';
import { negotiationStatsSchema } from './deals';
import { draftQueueSchema } from './drafts';
import { listPageQuery, partiesViewSchema } from './templates';

/*
 * Answers of the sending routes: the send queue of a draft, the sent-status views and the
 * receiver invites of a deal. The services hand dates as ISO strings.
 */

/** POST /drafts/:draftId/send (202): the queued send. */
export const sendDraftResponseSchema = z.object({ que: draftQueueSchema });

/** A deal made from a sent draft. */
export const draftDealSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  state: z.enum(dealStates),
  process: z.enum(draftProcesses),
  receiverName: z.string(),
  contractUid: z.string().nullable(),
  createdAt: z.iso.datetime(),
  negotiationStats: negotiationStatsSchema,
});

/** GET /drafts/:draftId/deals. */
export const draftDealListSchema = z.object({ deals: z.array(draftDealSchema) });

/** A card of the sent-status list. */
export const sentCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  language: z.string().nullable(),
  visibility: z.enum(documentVisibilities),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  sentCount: z.number().int(),
  closedCount: z.number().int(),
  displayState: z.enum(['draft', 'open', 'done']),
});

/** Sent cards a page holds unless asked otherwise (three columns of eight rows). */
export const SENT_PAGE_SIZE = 24;

/** `GET /sent?page=&pageSize=`: which page of the sent list. */
export const sentListQuerySchema = listPageQuery(SENT_PAGE_SIZE);

/** GET /sent: one page of the caller's sent drafts, newest send first (ties by id). */
export const sentListSchema = z.object({
  drafts: z.array(sentCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

/** A receiver invite of a deal with its mail status and link (the sender's view). */
export const dealInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  mailStatus: z.enum(mailStatuses),
  createdAt: z.iso.datetime(),
  /** The invite link, for copying. */
  link: z.string().optional(),
});

/** The live invites of a deal. */
export const dealInviteListSchema = z.object({ invites: z.array(dealInviteSchema) });

/** POST /deals/:dealId/receiver-details: the deal's parties as now stored, validated. */
export const receiverDetailsResponseSchema = z.object({
  parties: partiesViewSchema,
  receiverValidated: z.boolean(),
});

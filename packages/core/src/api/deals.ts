import { z } from 'zod';
import { dealGroups, sectionLogStates, sectionStates } from '../deals';
import { accessRoles, dealStates, draftProcesses, partyRoles, sectionTypes } from '../documents';
import { dealDeclineSchema } from './signing';
import { partiesViewSchema, userRefSchema } from './templates';

/*
 * Answers of the deal routes (`/api/v1/deals…`): the lists, the deal as the caller's party sees
 * it, its sections, versions, redlines and activity. The services hand dates as ISO strings.
 */

const partyRole = z.enum(partyRoles);
const progressColour = z.enum(['green', 'blue', 'grey']);

/** How many counted sections are agreed and how many are still open. */
export const negotiationStatsSchema = z.object({
  approved: z.number().int(),
  open: z.number().int(),
});

/** One row of a deal list (GET /deals?group=). */
export const dealCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  state: z.enum(dealStates),
  process: z.enum(draftProcesses),
  contractUid: z.string(),
  senderName: z.string(),
  receiverName: z.string(),
  myParty: partyRole.nullable(),
  createdAt: z.iso.datetime(),
  modifiedAt: z.iso.datetime(),
  signedAt: z.iso.datetime().nullable(),
  /** The last decline to sign, until signing starts again (the list's Declined chip). */
  declined: dealDeclineSchema.nullable(),
  progress: z.number().int(),
  progressColour,
});

/** One page of a deal list group. */
export const dealListSchema = z.object({
  deals: z.array(dealCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** One entry of a section's log, with the name of the user who made it. */
export const sectionLogEntryViewSchema = z.object({
  state: z.enum(sectionLogStates),
  party: partyRole,
  userId: z.uuid(),
  userName: z.string(),
  time: z.iso.datetime(),
  contentId: z.string(),
});

/** The state chip of a section: its last log entry's text, party name and time. */
export const sectionChipSchema = z.object({
  kind: z.enum(sectionLogStates),
  text: z.string(),
  party: partyRole,
  partyName: z.string(),
  time: z.iso.datetime(),
});

/** A deal section as both editors show it, with what the caller may do to it. */
export const dealSectionSchema = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  position: z.number().int(),
  number: z.string(),
  type: z.enum(sectionTypes),
  title: z.string(),
  help: z.string().nullable(),
  /** How many versions the section has; the versions themselves are on GET …/versions. */
  versionCount: z.number().int(),
  defaultContentId: z.string().nullable(),
  html: z.string(),
  state: z.enum(sectionStates).nullable(),
  stateParty: partyRole.nullable(),
  log: z.array(sectionLogEntryViewSchema),
  chip: sectionChipSchema.nullable(),
  lockedBy: userRefSchema.nullable(),
  isLockedByMe: z.boolean(),
  canEdit: z.boolean(),
  canAgree: z.boolean(),
  canReopen: z.boolean(),
  canDelete: z.boolean(),
  modifiedAt: z.iso.datetime(),
});

/** The negotiation counts of a deal as the viewer sees them. */
export const sectionCountsSchema = z.object({
  original: z.number().int(),
  agreed: z.number().int(),
  editedByYou: z.number().int(),
  editedByOther: z.number().int(),
  total: z.number().int(),
});

/** The deal-level figures a section change can move. */
export const dealFiguresSchema = z.object({
  state: z.enum(dealStates),
  modifiedAt: z.iso.datetime(),
  negotiationStats: negotiationStatsSchema,
  counts: sectionCountsSchema,
  progress: z.number().int(),
  progressColour,
  canStartSigning: z.boolean(),
});

/**
 * A section action's answer (and GET …/sections/:sectionId): the section now, the deal's
 * figures, and the caller's other sections whose edit lock the action let go of.
 */
export const dealSectionChangeSchema = z.object({
  section: dealSectionSchema,
  deal: dealFiguresSchema,
  unlockedSectionIds: z.array(z.uuid()),
});

/** A deal as the caller's party sees it: the doc-load information and the editor's content. */
export const dealDetailSchema = z.object({
  id: z.uuid(),
  draftId: z.uuid().nullable(),
  title: z.string(),
  abstract: z.string(),
  contractUid: z.string(),
  parties: partiesViewSchema,
  state: z.enum(dealStates),
  beforeTrashState: z.enum(dealStates).nullable(),
  process: z.enum(draftProcesses),
  sentBy: z.uuid(),
  senderName: z.string(),
  sentAt: z.iso.datetime().nullable(),
  sendQueuedAt: z.iso.datetime().nullable(),
  signedAt: z.iso.datetime().nullable(),
  /** The last decline to sign, until signing starts again (the editor's notice). */
  declined: dealDeclineSchema.nullable(),
  createdAt: z.iso.datetime(),
  modifiedAt: z.iso.datetime(),
  negotiationStats: negotiationStatsSchema,
  myParty: partyRole.nullable(),
  role: z.enum(accessRoles),
  canEdit: z.boolean(),
  canTrash: z.boolean(),
  canEditSettings: z.boolean(),
  canStartSigning: z.boolean(),
  isTrashed: z.boolean(),
  sections: z.array(dealSectionSchema),
  counts: sectionCountsSchema,
  progress: z.number().int(),
  progressColour,
  /** Where 'Back to home' goes. */
  home: z.enum(dealGroups),
  /** The receiver has confirmed their own party's details; until then doc-load asks. */
  receiverValidated: z.boolean(),
});

/** A trashed deal put back: its id and the state it has again. */
export const restoredDealSchema = z.object({ id: z.uuid(), state: z.enum(dealStates) });

/** One version of a section (GET …/versions), with who proposed it and when. */
export const sectionVersionSchema = z.object({
  contentId: z.string(),
  index: z.number().int(),
  /** The section title proposed with this version. */
  title: z.string(),
  html: z.string(),
  party: partyRole.nullable(),
  userName: z.string().nullable(),
  time: z.iso.datetime().nullable(),
  isCurrent: z.boolean(),
});

/** The versions of a section in order. */
export const sectionVersionListSchema = z.object({ versions: z.array(sectionVersionSchema) });

/** The redline between two versions; `titleHtml` is null when both have the same title. */
export const redlineSchema = z.object({
  from: z.string(),
  to: z.string(),
  html: z.string(),
  titleHtml: z.string().nullable(),
});

/** One activity entry of a deal. */
export const dealEventSchema = z.object({
  id: z.uuid(),
  event: z.string(),
  party: partyRole.nullable(),
  actorParty: partyRole.nullable(),
  sectionId: z.uuid().nullable(),
  sectionTitle: z.string().nullable(),
  contentSnippet: z.string().nullable(),
  userInfo: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});

/** A page of the activity feed, newest first; `nextCursor` asks for the next page. */
export const dealEventPageSchema = z.object({
  events: z.array(dealEventSchema),
  nextCursor: z.string().nullable(),
});

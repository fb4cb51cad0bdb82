import { z } from 'zod';
import {
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_PAGE_SIZES,
  adminActions,
  adminDocumentKinds,
  adminEventKinds,
  adminReasonSchema,
  adminTargetKinds,
  chainCheckStatuses,
  creditAdjustmentSchema,
  signInProviders,
} from '../admin';
import { currencies, workspaceRoles } from '../billing';
import { accessParties, accessRoles, dealStates, draftProcesses, partyRoles } from '../documents';
import { signerStates } from '../signing';
import { languages, plainText } from '../validation';
import { paymentProviders, paymentStatuses } from './payments';
import { isoDateTime } from './wire';
import { adminWorkspaceSchema, transactionSchema, workspaceTypes } from './workspaces';

/*
 * The admin area's routes (`/api/v1/admin/…`, issue 17): users, documents, the event log and
 * billing detail, for Pactum's own staff (product administrators: the admin flag, a verified
 * e-mail on one of ADMIN_EMAIL_DOMAINS). Everyone else gets a 403. Lists are paged in SQL and
 * answer `hasMore` instead of a count. Every action takes a `reason` and is written to the
 * event log with the admin and its target.
 */

const pageSize = z.coerce
  .number()
  .int()
  .refine((size) => (ADMIN_PAGE_SIZES as readonly number[]).includes(size), {
    message: `One of ${ADMIN_PAGE_SIZES.join(', ')}`,
  })
  .default(ADMIN_DEFAULT_PAGE_SIZE);

/** `page` (from 1) and `pageSize` (25, 50 or 100) of an admin list. */
export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize,
});

/** A free-text filter of an admin list: trimmed, at most 200 characters, empty means none. */
const searchText = plainText().trim().max(200).default('');

/** A `from`/`to` filter: an ISO date-time or a date (`2026-11-25`, midnight UTC). */
const timeFilter = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((value) => new Date(value))
  .optional();

/** Whom an admin list or page names: a user's id, name and e-mail. */
export const adminUserRefSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type AdminUserRef = z.infer<typeof adminUserRefSchema>;

const workspaceRefSchema = z.object({ id: z.uuid(), title: z.string() });

/**
 * The body of every admin action: why it was done. The user actions that take nothing else:
 * POST /api/v1/admin/users/:userId/verification (re-send the verification mail; 409 when
 * verified), …/disable and …/enable (204; disabling yourself is 409 `admin_self`).
 */
export const adminReasonBodySchema = z.object({ reason: adminReasonSchema });
export type AdminReasonBody = z.infer<typeof adminReasonBodySchema>;

// ---- Users ----

/** GET /api/v1/admin/users: `q` matches the e-mail, name or id (part of a word is enough). */
export const adminUserListQuerySchema = adminPageQuerySchema.extend({ q: searchText });
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** One row of the user list. */
export const adminUserRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  provider: z.enum(signInProviders),
  /** The admin flag as stored (the area itself also needs a staff domain). */
  isAdmin: z.boolean(),
  disabledAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** The last sign-in event, null when the user has never signed in. */
  lastSignInAt: isoDateTime.nullable(),
  /** The first workspaces by title (at most 3) and how many there are. */
  workspaces: z.array(workspaceRefSchema),
  workspaceCount: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** A page of users, newest first (the best match first when `q` is given). */
export const adminUserListSchema = z.object({
  items: z.array(adminUserRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

/** A live session of a user: where and when, never its token. */
export const adminSessionSchema = z.object({
  id: z.uuid(),
  createdAt: isoDateTime,
  /** When it was last renewed (renewals happen at most once a day). */
  updatedAt: isoDateTime,
  expiresAt: isoDateTime,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** GET /api/v1/admin/users/:userId: the user page. */
export const adminUserDetailSchema = adminUserRowSchema.extend({
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string().nullable(),
  lang: z.enum(languages),
  companyName: z.string(),
  disabledReason: z.string().nullable(),
  /** The admin flag, verified e-mail and staff domain together: may use the admin area. */
  isProductAdmin: z.boolean(),
  /** Signs in with a second factor (support can reset it when the person lost it). */
  hasTwoFactor: z.boolean(),
  /** Every workspace of the user with their role there. */
  memberships: z.array(
    workspaceRefSchema.extend({
      role: z.enum(workspaceRoles),
      type: z.enum(workspaceTypes),
      isVerified: z.boolean(),
    }),
  ),
  /** Live (unexpired) sessions, newest first. */
  sessions: z.array(adminSessionSchema),
  /** Live API tokens (counted, never listed with their secrets). */
  apiTokenCount: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** POST /api/v1/admin/users/:userId/sessions/end: all sessions, or the one `sessionId`. */
export const adminEndSessionsBodySchema = adminReasonBodySchema.extend({
  sessionId: z.uuid().optional(),
});
export const adminEndSessionsResultSchema = z.object({ ended: z.number().int() });

/** POST /api/v1/admin/users/:userId/admin: grant (`isAdmin` true) or revoke the admin flag. */
export const adminSetAdminBodySchema = adminReasonBodySchema.extend({ isAdmin: z.boolean() });

// ---- Documents ----

/**
 * GET /api/v1/admin/documents: deals and drafts. `q` matches the title, contract id, a party's
 * name, the creator's e-mail or the id; `state` is a deal state or 'draft'.
 */
export const adminDocumentListQuerySchema = adminPageQuerySchema.extend({
  q: searchText,
  kind: z.enum(adminDocumentKinds).optional(),
  state: z.enum([...dealStates, 'draft']).optional(),
  workspaceId: z.uuid().optional(),
  /** Created at or after / before this time. */
  from: timeFilter,
  to: timeFilter,
});
export type AdminDocumentListQuery = z.infer<typeof adminDocumentListQuerySchema>;

/** One row of the document list. */
export const adminDocumentRowSchema = z.object({
  kind: z.enum(adminDocumentKinds),
  id: z.uuid(),
  title: z.string(),
  /** A deal's state, or 'draft'. */
  state: z.enum([...dealStates, 'draft']),
  process: z.enum(draftProcesses),
  contractUid: z.string(),
  senderName: z.string(),
  receiverName: z.string(),
  workspace: workspaceRefSchema.nullable(),
  createdBy: adminUserRefSchema.nullable(),
  createdAt: isoDateTime,
  modifiedAt: isoDateTime,
});
export type AdminDocumentRow = z.infer<typeof adminDocumentRowSchema>;

/** A page of documents, newest change first. */
export const adminDocumentListSchema = z.object({
  items: z.array(adminDocumentRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

/** One access row of a document: a person, an invited e-mail, a workspace or a group. */
export const adminAccessRowSchema = z.object({
  id: z.uuid(),
  user: adminUserRefSchema.nullable(),
  email: z.string().nullable(),
  workspace: workspaceRefSchema.nullable(),
  group: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  role: z.enum(accessRoles),
  party: z.enum(accessParties).nullable(),
});

/** One signer slot of a deal and how far it is. */
export const adminSignerSchema = z.object({
  id: z.uuid(),
  party: z.enum(partyRoles),
  name: z.string(),
  email: z.string(),
  state: z.enum(signerStates),
  signedAt: isoDateTime.nullable(),
  /** Set when the slot was withdrawn (replaced or revoked). */
  revokedAt: isoDateTime.nullable(),
});

/** One event of a document's activity, of both parties (admins see every party's events). */
export const adminDocumentEventSchema = z.object({
  id: z.uuid(),
  event: z.string(),
  party: z.enum(partyRoles).nullable(),
  user: adminUserRefSchema.nullable(),
  seq: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: isoDateTime,
});

/** The last check of a document's audit chain (run by a job, never on the request). */
export const chainCheckSchema = z.object({
  status: z.enum(chainCheckStatuses),
  /** Events checked (valid and broken). */
  count: z.number().int().nullable(),
  /** The first broken link: its sequence number (null when events are missing at the end). */
  brokenSeq: z.number().int().nullable(),
  brokenReason: z.string().nullable(),
  requestedAt: isoDateTime,
  checkedAt: isoDateTime.nullable(),
});
export type ChainCheck = z.infer<typeof chainCheckSchema>;

/** GET /api/v1/admin/documents/:kind/:documentId: the document page. */
export const adminDocumentDetailSchema = adminDocumentRowSchema.extend({
  /** Trashed deals: the state a restore returns it to. */
  beforeTrashState: z.enum(dealStates).nullable(),
  signedAt: isoDateTime.nullable(),
  /** The deal's draft, or the draft's deal once sent (null when none). */
  draftId: z.uuid().nullable(),
  access: z.array(adminAccessRowSchema),
  /** Deals' signer slots (drafts have none). */
  signers: z.array(adminSignerSchema),
  /** The newest 100 events. */
  events: z.array(adminDocumentEventSchema),
  /** Deals: the last chain check, null before the first. */
  chainCheck: chainCheckSchema.nullable(),
});
export type AdminDocumentDetail = z.infer<typeof adminDocumentDetailSchema>;

export const adminDocumentParamsSchema = z.object({
  kind: z.enum(adminDocumentKinds),
  documentId: z.uuid(),
});

/**
 * POST /api/v1/admin/documents/deal/:documentId/chain-check (202): queues a check of the deal's
 * audit chain by the `admin.check-chain` job and answers the queued check; the document page
 * polls until its status is no longer 'queued'.
 */
export const queuedChainCheckSchema = chainCheckSchema;

/*
 * Restoring a trashed deal is the existing `POST /api/v1/deals/:dealId/restore` (product
 * admins only), which now takes `adminReasonBodySchema` and answers `restoredDealSchema`.
 */

// ---- Event log ----

/**
 * GET /api/v1/admin/events: the product's event log, newest first. `kind` picks a source;
 * `type` an event name of it ('login', 'document-trash', 'user.disabled'…); `userId` the
 * actor (or, for admin actions, also the target user); `documentId` a document's events and
 * the admin actions on it; `from`/`to` a time range. `cursor` comes from the last page.
 */
export const adminEventQuerySchema = z.object({
  kind: z.enum(adminEventKinds).optional(),
  type: plainText().trim().max(100).optional(),
  userId: z.uuid().optional(),
  documentId: z.uuid().optional(),
  from: timeFilter,
  to: timeFilter,
  cursor: z.string().max(200).optional(),
  pageSize,
});
export type AdminEventQuery = z.infer<typeof adminEventQuerySchema>;

/** One line of the event log. */
export const adminEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(adminEventKinds),
  /** The auth event type, the document event name or the admin action. */
  type: z.string(),
  createdAt: isoDateTime,
  /** Who did it (the admin for admin actions); null for the system or a removed user. */
  actor: adminUserRefSchema.nullable(),
  /** What it was about: a user, deal, draft, template or workspace. */
  target: z
    .object({
      kind: z.enum([...adminTargetKinds, 'draft', 'template']),
      id: z.uuid(),
      label: z.string().nullable(),
    })
    .nullable(),
  /** Admin actions: why. */
  reason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

export const adminEventPageSchema = z.object({
  items: z.array(adminEventSchema),
  nextCursor: z.string().nullable(),
});

// ---- Billing ----

/** GET /api/v1/admin/workspaces: `q` matches the title, company name, VAT id or id. */
export const adminWorkspaceListQuerySchema = adminPageQuerySchema.extend({ q: searchText });

/** A page of workspaces, those waiting for review first, then newest. */
export const adminWorkspacePageSchema = z.object({
  items: z.array(adminWorkspaceSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

/** One card payment of a workspace. */
export const adminPaymentSchema = z.object({
  id: z.uuid(),
  provider: z.enum(paymentProviders),
  status: z.enum(paymentStatuses),
  credits: z.number().int(),
  currency: z.enum(currencies),
  /** Minor units, tax included. */
  purchaseTotal: z.number().int(),
  /** The processor's error code when it failed. */
  errorCode: z.string().nullable(),
  createdAt: isoDateTime,
  /** When its credits reached the ledger. */
  creditedAt: isoDateTime.nullable(),
});

/** GET /api/v1/admin/workspaces/:workspaceId: the billing detail page. */
export const adminWorkspaceDetailSchema = adminWorkspaceSchema.extend({
  deletedAt: isoDateTime.nullable(),
  pricePerSeat: z.number().int().nullable(),
  maxActiveSeats: z.number().int().nullable(),
  members: z.array(
    adminUserRefSchema.extend({ role: z.enum(workspaceRoles), disabledAt: isoDateTime.nullable() }),
  ),
  /** The newest 50 card payments. */
  payments: z.array(adminPaymentSchema),
});
export type AdminWorkspaceDetail = z.infer<typeof adminWorkspaceDetailSchema>;

/** GET /api/v1/admin/workspaces/:workspaceId/transactions: the ledger, newest first. */
export const adminTransactionPageSchema = z.object({
  items: z.array(transactionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

/**
 * POST /api/v1/admin/workspaces/:workspaceId/credits: add (positive) or remove (negative)
 * credits. `idempotencyKey` (one per dialog) makes a repeated request apply once.
 */
export const adminCreditAdjustmentBodySchema = adminReasonBodySchema.extend({
  amount: creditAdjustmentSchema,
  idempotencyKey: z.uuid(),
});
export const adminCreditAdjustmentResultSchema = z.object({
  transactionId: z.uuid(),
  balance: z.number().int(),
  /** False when the key had been used: nothing changed the second time. */
  isApplied: z.boolean(),
});

/** POST …/verify and …/reject of a workspace order: the reason is optional there. */
export const adminReviewBodySchema = z
  .object({ reason: adminReasonSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});

// ---- Support contact (public) ----

/**
 * GET /api/v1/support: how users reach Pactum's support, as the operator configured it
 * (SUPPORT_EMAIL, SUPPORT_HELP_URL, SUPPORT_CHAT_SCRIPT_URL); null where not set.
 */
export const supportContactSchema = z.object({
  email: z.string().nullable(),
  helpUrl: z.string().nullable(),
  chatScriptUrl: z.string().nullable(),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

export const adminActionSchema = z.enum(adminActions);

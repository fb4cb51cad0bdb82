import { adminActions, adminTargetKinds, chainCheckStatuses } from '@pactum/core/admin';
import { alertAdministratorActions } from '@pactum/core/alerts';
import { outboxMessageKinds } from '@pactum/core/api/dev-outbox';
import { paymentProviders, paymentStatuses, testChargeStatuses } from '@pactum/core/api/payments';
import { authChallengePurposes, secondFactorMethods } from '@pactum/core/api/two-factor';
import { creditProducts, workspaceTypes } from '@pactum/core/api/workspaces';
import { apiTokenScopes } from '@pactum/core/api-tokens';
import {
  archiveFilingStates,
  archiveFilingSteps,
  archiveItemTypes,
  archiveScopes,
  archiveTextStates,
  permissionChangeStates,
} from '@pactum/core/archive';
import {
  type Address,
  authEventTypes,
  type Company,
  emailNotificationOptions,
  type HomeCounts,
  ssoProviders,
} from '@pactum/core/auth';
import { type Currency, currencies, workspaceRoles } from '@pactum/core/billing';
import { type SectionLogState, sectionLogStates } from '@pactum/core/deals';
import {
  accessParties,
  accessRoles,
  type ContentOption,
  dealStates,
  documentCollections,
  documentVisibilities,
  draftProcesses,
  type Parties,
  type Party,
  type PartyRole,
  partyRoles,
  sectionTypes,
} from '@pactum/core/documents';
import { draftQueueSteps, receiverStatuses } from '@pactum/core/drafts';
import { filePurposes } from '@pactum/core/files';
import { type ImportMarkers, importStates } from '@pactum/core/imports';
import { notificationCollections } from '@pactum/core/notifications';
import {
  type DealDecline,
  signatureColors,
  signatureFonts,
  signedPdfStates,
  signerStates,
  signingLinkEndReasons,
  twoStepStates,
} from '@pactum/core/signing';
import { languages } from '@pactum/core/validation';
import { webhookDeliveryStates } from '@pactum/core/webhooks';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * The Pactum schema. One file so that drizzle-kit sees every table; features own their
 * queries, not their tables. Timestamps are `timestamptz`. Identifiers are random UUIDs.
 * Tables for a product area start small here and grow with the issue that builds the area.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Postal address and company details kept on a user for autofill (spec 1 §3). */
export type UserAddress = Partial<Address>;
export type UserCompany = Partial<Company>;
/** The dashboard counters of a user (drawer counts), rebuilt by `rebuildHomeCounts`. */
export type { HomeCounts };

/**
 * A person who signs in. The first columns are the auth library's user model; the rest is
 * Pactum's profile. `profileCompletedAt` stays null until signup (or SSO signup) is done.
 */
export const users = pgTable(
  'user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    phone: text('phone'),
    lang: text('lang', { enum: languages }).notNull().default('en'),
    isAdmin: boolean('is_admin').notNull().default(false),
    ssoProvider: text('sso_provider', { enum: ssoProviders }),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
    emailNotifications: text('email_notifications', { enum: emailNotificationOptions })
      .notNull()
      .default('daily'),
    timezone: text('timezone'),
    /**
     * When the next e-mail digest is due (the schedule of `emailNotifications` in `timezone`);
     * null while none is scheduled (digests off, or not yet planned).
     */
    digestDueAt: timestamp('digest_due_at', { withTimezone: true }),
    company: jsonb('company').$type<UserCompany>().notNull().default({}),
    address: jsonb('address').$type<UserAddress>().notNull().default({}),
    /** The signature defaults the sign dialog offers (spec 3 §5 'Your signature font updated.'). */
    signatureFont: text('signature_font', { enum: signatureFonts }),
    signatureColor: text('signature_color', { enum: signatureColors }),
    autofillShown: boolean('autofill_shown').notNull().default(false),
    notificationsDialogShown: boolean('notifications_dialog_shown').notNull().default(false),
    /**
     * Set when Pactum's support disabled the account (issue 17): it cannot sign in, its sessions
     * and API tokens stop working, and its documents stay.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /**
     * Since when the user has a second factor (an authenticator app or a passkey); null without
     * one. Set and cleared by the two-factor feature in the transaction that adds or removes the
     * last factor, so a sign-in and every request can tell without counting factors.
     */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
    homeCounts: jsonb('home_counts').$type<HomeCounts>().notNull().default({
      templates: 0,
      drafts: 0,
      negotiate: 0,
      sign: 0,
      waiting: 0,
      signed: 0,
      trash: 0,
      workspaces: 0,
    }),
  },
  (t) => [
    uniqueIndex('user_email_key').on(t.email),
    index('user_created_idx').on(t.createdAt, t.id),
    // The admin user list's search (`pactum_admin_user_text`, migration 0015).
    index('user_admin_search_idx').using(
      'gin',
      sql`pactum_admin_user_text(${t.email}, ${t.name}) gin_trgm_ops`,
    ),
    index('user_digest_due_idx').on(t.digestDueAt).where(sql`${t.digestDueAt} IS NOT NULL`),
  ],
);

/** A signed-in browser (the auth library's session model). The cookie holds the token, signed. */
export const sessions = pgTable(
  'session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The second factor this session's sign-in passed (null: password or single sign-on only). */
    secondFactor: text('second_factor', { enum: secondFactorMethods }),
    /** When the person last proved who they are in this session (sign-in or re-authentication). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('session_token_key').on(t.token), index('session_user_idx').on(t.userId)],
);

/**
 * A way to sign in: the password (`providerId` 'credential') or an OpenID Connect identity,
 * keyed by provider and subject (`accountId`), never by e-mail.
 */
export const accounts = pgTable(
  'account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('account_provider_subject_key').on(t.providerId, t.accountId),
    index('account_user_idx').on(t.userId),
  ],
);

/** One-time values of the auth library: e-mail verification, password reset, OAuth state. */
export const verifications = pgTable(
  'verification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Sign-in, sign-up, sign-out and password events of a user, for the audit trail. */
export const authEvents = pgTable(
  'auth_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: authEventTypes }).notNull(),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_event_user_idx').on(t.userId, t.createdAt),
    // The admin event log: newest first, and by type.
    index('auth_event_created_idx').on(t.createdAt, t.id),
    index('auth_event_type_idx').on(t.type, t.createdAt),
  ],
);

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is sealed with the auth secret
 * (AES-256-GCM); `confirmedAt` is set once the user typed a right code, and only then does it
 * count as a factor. `lastStep` is the last 30-second step a code was accepted for: a code is
 * taken once, never replayed.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step').notNull().default(0),
  createdAt: createdAt(),
});

/** One-time recovery codes (SHA-256 of the code); a used one keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_code_user_hash_key').on(t.userId, t.codeHash)],
);

/** A WebAuthn credential (passkey or security key) registered as a user's second factor. */
export const passkeys = pgTable(
  'passkey',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    isBackedUp: boolean('is_backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkey_credential_key').on(t.credentialId),
    index('passkey_user_idx').on(t.userId),
  ],
);

/**
 * A step of sign-in or set-up waiting for its second half: a password sign-in waiting for its
 * second factor (`sign-in`), or a passkey registration waiting for the authenticator's answer
 * (`passkey-register`). The browser holds the token (sign-in: an HttpOnly cookie); only its
 * SHA-256 is stored. Used once, short-lived.
 */
export const authChallenges = pgTable(
  'auth_challenge',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: authChallengePurposes }).notNull(),
    /** The WebAuthn challenge handed to the browser, when one was asked for. */
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_challenge_user_idx').on(t.userId)],
);

/** Fixed-window counters of the rate limiter, shared by every server process. */
export const rateLimits = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Secrets the installation generates for itself on first start (e.g. the auth secret). */
export const appSecrets = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Licensing of a workspace: seats and their price (spec 3 §3, billing account). */
export type WorkspaceLicensing = {
  enabled: boolean;
  pricePerSeat: number;
  maxActiveSeats: number;
  billingCurrency: Currency;
};
/** The card on file, as the payment provider summarises it (never the number). */
export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };
/** How many documents of each kind carry one tag (spec 3 §3, workspace stats' tags map). */
export type TagCounts = {
  templates: number;
  drafts: number;
  negotiation: number;
  inSigning: number;
  signed: number;
  archive: number;
  trash: number;
};
/** Figures of the workspace page (spec 3 §3, workspace stats). */
export type WorkspaceStats = {
  deals: { negotiation: number; inSigning: number; signed: number; archives: number };
  members: number;
  groups: number;
  tags: number;
  credits: { purchased: number; spent: number };
  /** Per tag name; absent from counts stored before it was added. */
  tagCounts?: Record<string, TagCounts>;
};

/**
 * A workspace (billing account): holds credits, members, groups and tags. `credits` is the
 * balance the ledger (`credit_transaction`) adds up to, kept in the same transaction as each
 * ledger row and never below zero.
 */
export const workspaces = pgTable(
  'workspace',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    type: text('type', { enum: workspaceTypes }).notNull(),
    credits: integer('credits').notNull().default(0),
    currency: text('currency', { enum: currencies }).notNull().default('EUR'),
    isVerified: boolean('is_verified').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    isRejected: boolean('is_rejected').notNull().default(false),
    verifiedBy: uuid('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    rejectedBy: uuid('rejected_by').references(() => users.id),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** Members must have a second factor to use Pactum (set by the workspace's administrators). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    billingEmail: text('billing_email'),
    company: jsonb('company').$type<UserCompany>().notNull().default({}),
    contact: jsonb('contact')
      .$type<{ name?: string; email?: string; phone?: string }>()
      .notNull()
      .default({}),
    address: jsonb('address').$type<UserAddress>().notNull().default({}),
    einvoice: jsonb('einvoice')
      .$type<{ address?: string; ovtbic?: string }>()
      .notNull()
      .default({}),
    licensing: jsonb('licensing')
      .$type<WorkspaceLicensing>()
      .notNull()
      .default({ enabled: true, pricePerSeat: 39, maxActiveSeats: 1000, billingCurrency: 'EUR' }),
    card: jsonb('card').$type<CardSummary>(),
    stats: jsonb('stats').$type<WorkspaceStats>(),
    statsCalculatedAt: timestamp('stats_calculated_at', { withTimezone: true }),
    lastTransactionAt: timestamp('last_transaction_at', { withTimezone: true }),
    /** The credits an invoice order asked for, granted when an administrator verifies it. */
    asyncPayment: jsonb('async_payment').$type<{
      credits: number;
      currency: Currency;
      unitPrice: number;
      taxPrc: number;
      taxAmount: number;
      purchaseTotal: number;
    }>(),
  },
  (t) => [check('workspace_credits_not_negative', sql`${t.credits} >= 0`)],
);

/** Billing access: who belongs to a workspace; `edit` is an administrator, `view` a user. */
export const workspaceMembers = pgTable(
  'workspace_member',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: workspaceRoles }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_member_user_idx').on(t.userId),
  ],
);

export type { ContentOption };

/** One step in a deal section's negotiation log (spec 3 §3, deal section). */
export type SectionLogEntry = {
  state: SectionLogState;
  party: PartyRole;
  userId: string;
  time: string;
  contentId: string;
};

const collections = documentCollections;
/** What tags go on: documents and archive items. */
export const taggedCollections = [...documentCollections, 'archives'] as const;
export type TaggedCollection = (typeof taggedCollections)[number];
const modifiedAt = () => timestamp('modified_at', { withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

/**
 * A contract template (spec 2 §3). `isGlobal` templates are visible to every signed-in user
 * under their `partner`; others are reached through `document_access`. `lockedBy` is the user
 * whose open editor holds the template (a soft lock shown to others).
 */
export const templates = pgTable(
  'template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    category: text('category'),
    language: text('language'),
    region: text('region'),
    parties: jsonb('parties')
      .$type<Parties>()
      .notNull()
      .default({
        sender: { type: 'business', name: '' },
        receiver: { type: 'business', name: '' },
      }),
    partner: text('partner'),
    /** Credits per receiver; null means 1. */
    price: integer('price'),
    couponCode: text('coupon_code'),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    isGlobal: boolean('is_global').notNull().default(false),
    visibility: text('visibility', { enum: documentVisibilities }).notNull().default('team'),
    lockedBy: uuid('locked_by').references(() => users.id),
    fromImportId: uuid('from_import_id'),
    fromCollection: text('from_collection', { enum: collections }),
    fromDocumentId: uuid('from_document_id'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    modifiedBy: uuid('modified_by').references(() => users.id),
    modifiedAt: modifiedAt(),
    deletedBy: uuid('deleted_by').references(() => users.id),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('template_created_by_idx').on(t.createdBy),
    index('template_global_idx').on(t.isGlobal),
    uniqueIndex('template_coupon_code_key').on(t.couponCode),
    // The library's fuzzy search (`pactum_template_text`, migration 0016): substrings (LIKE) and
    // close words (`<%`) of the folded title and abstract.
    index('template_search_idx').using(
      'gin',
      sql`pactum_template_text(${t.title}, ${t.abstract}) gin_trgm_ops`,
    ),
  ],
);

/**
 * The section columns templates, drafts and deals share, so that one section service can work
 * on any of them. `lockedBy`/`lockedAt` is the one open editor of the section; `editLock`
 * keeps a template section from being edited or negotiated.
 */
const sectionColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  parentId: uuid('parent_id'),
  position: integer('position').notNull(),
  type: text('type', { enum: sectionTypes }).notNull(),
  title: text('title').notNull().default(''),
  help: text('help'),
  content: jsonb('content').$type<ContentOption[]>().notNull().default([]),
  defaultContentId: text('default_content_id'),
  editLock: boolean('edit_lock').notNull().default(false),
  lockedBy: uuid('locked_by').references(() => users.id),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  modifiedBy: uuid('modified_by').references(() => users.id),
  modifiedAt: modifiedAt(),
  deletedAt: deletedAt(),
});

export const templateSections = pgTable(
  'template_section',
  {
    ...sectionColumns(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
  },
  (t) => [index('template_section_template_idx').on(t.templateId, t.position)],
);

/**
 * Who may open a document (spec 2 §3, document access): a user (or an e-mail not yet
 * registered), a whole workspace or a group. Access resolves direct user → workspace → group.
 */
export const documentAccess = pgTable(
  'document_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collection: text('collection', { enum: collections }).notNull(),
    documentId: uuid('document_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => workspaceGroups.id, { onDelete: 'cascade' }),
    role: text('role', { enum: accessRoles }).notNull(),
    party: text('party', { enum: accessParties }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('document_access_document_idx').on(t.collection, t.documentId),
    index('document_access_user_idx').on(t.userId, t.collection),
    index('document_access_workspace_idx').on(t.workspaceId),
    index('document_access_group_idx').on(t.groupId),
    // E-mail invitations waiting for their account (claimed on the next app load).
    index('document_access_open_email_idx').on(t.email).where(sql`${t.userId} IS NULL`),
    uniqueIndex('document_access_user_key')
      .on(t.collection, t.documentId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('document_access_email_key')
      .on(t.collection, t.documentId, t.email)
      .where(sql`${t.userId} IS NULL AND ${t.email} IS NOT NULL`),
    uniqueIndex('document_access_workspace_key')
      .on(t.collection, t.documentId, t.workspaceId)
      .where(sql`${t.workspaceId} IS NOT NULL`),
    uniqueIndex('document_access_group_key')
      .on(t.collection, t.documentId, t.groupId)
      .where(sql`${t.groupId} IS NOT NULL`),
  ],
);

/** A workspace tag put on a document. */
export const documentTags = pgTable(
  'document_tag',
  {
    /** A document's collection, or `archives` for an archive item. */
    collection: text('collection', { enum: taggedCollections }).notNull(),
    documentId: uuid('document_id').notNull(),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => workspaceTags.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.documentId, t.tagId] }),
    index('document_tag_tag_idx').on(t.tagId),
  ],
);

/**
 * The history of a document (spec 2 §3 event; spec 3 document event): document-open,
 * document-create, section-edit, ... `party` null means both parties see it. `data` holds the
 * event's details (a comment snippet, a section title).
 */
export const documentEvents = pgTable(
  'document_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collection: text('collection', { enum: collections }).notNull(),
    documentId: uuid('document_id').notNull(),
    event: text('event').notNull(),
    party: text('party', { enum: partyRoles }),
    sectionId: uuid('section_id'),
    userId: uuid('user_id').references(() => users.id),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /**
     * The hash chain of the document's audit trail (documents/audit-chain.ts): `seq`
     * counts the document's events from 1, `hash` is SHA-256 over `prevHash` and the event's
     * canonical JSON. Null on events not written through `appendEvent`.
     */
    seq: integer('seq'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('document_event_document_idx').on(t.collection, t.documentId, t.createdAt),
    // The admin event log: newest first, by actor and by event name.
    index('document_event_created_idx').on(t.createdAt, t.id),
    index('document_event_user_idx').on(t.userId, t.createdAt),
    index('document_event_event_idx').on(t.event, t.createdAt),
    uniqueIndex('document_event_chain_key').on(t.collection, t.documentId, t.seq),
  ],
);

/**
 * An uploaded file (spec 2 §3, attachment file record). Uploads are resumable: `offset` grows
 * with each chunk until it reaches `size`, then `completedAt` is set and the file is checked.
 */
export const files = pgTable(
  'file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    type: text('type').notNull(),
    storageKey: text('storage_key').notNull(),
    offset: integer('offset').notNull().default(0),
    /** The stored chunks of an upload in progress, in order; composed into `storageKey` at the end. */
    chunkKeys: jsonb('chunk_keys').$type<string[]>().notNull().default([]),
    purpose: text('purpose', { enum: filePurposes }).notNull(),
    sha256: text('sha256'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('file_created_by_idx').on(t.createdBy)],
);

/** A PDF attached to a template, draft or deal (spec 2 §3, attachment document). */
export const attachments = pgTable(
  'attachment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collection: text('collection', { enum: collections }).notNull(),
    documentId: uuid('document_id').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('attachment_document_idx').on(t.collection, t.documentId, t.position)],
);

/** The markers the import wizard's user picked (spec 2 §3, template import). */
export type { ImportMarkers };

/** A Word document being turned into a template (spec 2 §3, template import). */
export const templateImports = pgTable('template_import', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileId: uuid('file_id').references(() => files.id),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  state: text('state', { enum: importStates }).notNull().default('new'),
  errorMessage: text('error_message'),
  /** The API error code of a failed conversion (`errorMessage` is its English text). */
  errorCode: text('error_code'),
  html: text('html'),
  title: text('title'),
  abstract: text('abstract'),
  category: text('category'),
  language: text('language'),
  region: text('region'),
  markers: jsonb('markers').$type<ImportMarkers>().notNull().default({}),
  templateId: uuid('template_id').references(() => templates.id),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  modifiedAt: modifiedAt(),
});

/** A draft: a template copy being prepared for sending (spec 2 §3, draft). */
export const drafts = pgTable(
  'draft',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    templateId: uuid('template_id').references(() => templates.id),
    templateTitle: text('template_title'),
    language: text('language'),
    visibility: text('visibility', { enum: documentVisibilities }).notNull().default('team'),
    parties: jsonb('parties')
      .$type<Parties>()
      .notNull()
      .default({
        sender: { type: 'business', name: '' },
        receiver: { type: 'business', name: '' },
      }),
    dealProcess: text('deal_process', { enum: draftProcesses }),
    defaultProcess: text('default_process', { enum: draftProcesses }),
    batchName: text('batch_name'),
    senderMessage: text('sender_message'),
    /** Credits per receiver, copied from the template; null means 1. */
    price: integer('price'),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    modifiedBy: uuid('modified_by').references(() => users.id),
    modifiedAt: modifiedAt(),
    sentBy: uuid('sent_by').references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentProcessedAt: timestamp('sent_processed_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('draft_created_by_idx').on(t.createdBy, t.createdAt),
    // The admin document list: newest change first, by workspace, and its search.
    index('draft_modified_idx').on(t.modifiedAt, t.id),
    index('draft_workspace_idx').on(t.workspaceId, t.modifiedAt),
    index('draft_admin_search_idx').using(
      'gin',
      sql`pactum_admin_document_text(${t.title}, NULL::text, ${t.parties}) gin_trgm_ops`,
    ),
  ],
);

export const draftSections = pgTable(
  'draft_section',
  {
    ...sectionColumns(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    templateSectionId: uuid('template_section_id'),
    definition: jsonb('definition').$type<Record<string, unknown>>(),
  },
  (t) => [index('draft_section_draft_idx').on(t.draftId, t.position)],
);

/** A receiver company of a draft; one deal is made for each on sending (spec 2 §3). */
export const draftReceivers = pgTable(
  'draft_receiver',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id'),
    status: text('status', { enum: receiverStatuses }).notNull().default('new'),
    party: jsonb('party').$type<Party>().notNull(),
    emails: jsonb('emails').$type<{ id: string; email: string }[]>().notNull().default([]),
    contractName: text('contract_name'),
    contractUid: text('contract_uid'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('draft_receiver_draft_idx').on(t.draftId)],
);

/** The progress of a draft's sending job (spec 2 §3, draft queue); one per draft. */
export const draftQueues = pgTable(
  'draft_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    step: text('step', { enum: draftQueueSteps }).notNull().default('queued'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [uniqueIndex('draft_queue_draft_key').on(t.draftId)],
);

/**
 * An internal comment (spec 2 §3): a thread root (`threadId` null) or a reply. Only users of
 * the same `party` with access to the document see it.
 */
export const internalComments = pgTable(
  'internal_comment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collection: text('collection', { enum: collections }).notNull(),
    documentId: uuid('document_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    threadId: uuid('thread_id'),
    party: text('party', { enum: partyRoles }).notNull(),
    content: text('content').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
    isResolved: boolean('is_resolved').notNull().default(false),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    deletedAt: deletedAt(),
  },
  (t) => [index('internal_comment_document_idx').on(t.collection, t.documentId, t.sectionId)],
);

/** A deal: one receiver's copy of a sent draft, negotiated and signed (spec 3 §3). */
export const deals = pgTable(
  'deal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id').references(() => drafts.id),
    /** The draft receiver this deal was made for; unique so a retried send makes it once. */
    draftReceiverId: uuid('draft_receiver_id'),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    contractUid: text('contract_uid'),
    language: text('language'),
    state: text('state', { enum: dealStates }).notNull().default('new'),
    beforeTrashState: text('before_trash_state', { enum: dealStates }),
    process: text('process', { enum: draftProcesses }).notNull(),
    parties: jsonb('parties').$type<Parties>().notNull(),
    sentBy: uuid('sent_by')
      .notNull()
      .references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sendQueuedAt: timestamp('send_queued_at', { withTimezone: true }),
    receiverValidated: boolean('receiver_validated').notNull().default(false),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    negotiationStats: jsonb('negotiation_stats')
      .$type<{ approved: number; open: number }>()
      .notNull()
      .default({ approved: 0, open: 0 }),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** Signers verify their phone with an SMS code before signing (spec 3 §3 use2faInSigning). */
    use2faInSigning: boolean('use_2fa_in_signing').notNull().default(false),
    /** The contract content's SHA-256, frozen when signing starts (features/signing). */
    contentSha256: text('content_sha256'),
    signingStartedAt: timestamp('signing_started_at', { withTimezone: true }),
    /** Send & Sign PDF (process pdf): the uploaded PDF that is signed as it is. */
    pdfFileId: uuid('pdf_file_id').references(() => files.id),
    /** The last decline to sign (issue 40), kept until signing starts again. */
    declined: jsonb('declined').$type<DealDecline>(),
    /**
     * Reminders to signers who have not signed (issue 40), set when signing starts: the first
     * after this many days, then every `reminderEveryDays`, at most `reminderMax`. Null: none.
     */
    reminderFirstDays: integer('reminder_first_days'),
    reminderEveryDays: integer('reminder_every_days'),
    reminderMax: integer('reminder_max'),
  },
  (t) => [
    index('deal_sent_by_idx').on(t.sentBy, t.createdAt),
    index('deal_draft_idx').on(t.draftId),
    uniqueIndex('deal_draft_receiver_key').on(t.draftReceiverId),
    // The admin document list: newest change first, by workspace, and its search.
    index('deal_modified_idx').on(t.modifiedAt, t.id),
    index('deal_workspace_idx').on(t.workspaceId, t.modifiedAt),
    index('deal_admin_search_idx').using(
      'gin',
      sql`pactum_admin_document_text(${t.title}, ${t.contractUid}, ${t.parties}) gin_trgm_ops`,
    ),
  ],
);

export const dealSections = pgTable(
  'deal_section',
  {
    ...sectionColumns(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    state: text('state', { enum: sectionLogStates }),
    stateParty: text('state_party', { enum: partyRoles }),
    log: jsonb('log').$type<SectionLogEntry[]>().notNull().default([]),
  },
  (t) => [index('deal_section_deal_idx').on(t.dealId, t.position)],
);

/**
 * Something that happened on a document for a user to read later (the notifications menu):
 * written for the users of the other party when one party acts on a deal. `event` is the
 * document event's name (section-edit, section-agree, ...); `data` holds ids and titles.
 */
export const notifications = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `archives` for an archive item's notification (upcoming-document-alert). */
    collection: text('collection', { enum: notificationCollections }).notNull(),
    documentId: uuid('document_id').notNull(),
    event: text('event').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Shown once as a toast in one of the user's tabs (spec 1 §4 pushedAt). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** Sent in an e-mail digest: a notification is in at most one. */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_user_idx').on(t.userId, t.createdAt),
    // The digest's question: a user's notifications not seen and not mailed yet.
    index('notification_undigested_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} IS NULL AND ${t.digestedAt} IS NULL`),
  ],
);

/**
 * Messages kept instead of sent: e-mail when no SMTP is configured (or DEV_OUTBOX=1) and SMS
 * when no gateway is. `messageKey` makes a retried delivery job land once.
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageKey: text('message_key').notNull(),
    kind: text('kind', { enum: outboxMessageKinds }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dev_outbox_message_key').on(t.messageKey),
    index('dev_outbox_created_idx').on(t.createdAt),
  ],
);

/** Delivery states of an invite or signing mail (spec: mailStatus). */
const mailStatuses = [
  'new',
  'delivered',
  'open',
  'clicked',
  'failed',
  'bounced',
  'undelivered',
  'error',
] as const;

/**
 * An invite to negotiate (spec: deal receiver). `shortId` is the secret in the link
 * `/document/invite/:shortId` (128 random bits or more); `userId` is set once claimed.
 */
export const dealInvites = pgTable(
  'deal_invite',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortId: text('short_id').notNull(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id),
    party: text('party', { enum: partyRoles }).notNull().default('receiver'),
    mailStatus: text('mail_status', { enum: mailStatuses }).notNull().default('new'),
    /** When the link stops working (the deal was trashed, the invite withdrawn). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deal_invite_short_id_key').on(t.shortId),
    index('deal_invite_deal_idx').on(t.dealId),
  ],
);

/** A person who signs for a party (spec: {product}er); `/document/sign/:shortId` is their link. */
export const dealSigners = pgTable(
  'deal_signer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortId: text('short_id').notNull(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    party: text('party', { enum: partyRoles }).notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    userId: uuid('user_id').references(() => users.id),
    state: text('state', { enum: signerStates }).notNull().default('new'),
    mailStatus: text('mail_status', { enum: mailStatuses }).notNull().default('new'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The typed signature and where it was made (spec 3 §3 deal signer), set when signing. */
    signatureText: text('signature_text'),
    signatureFont: text('signature_font', { enum: signatureFonts }),
    signatureColor: text('signature_color', { enum: signatureColors }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    ip: text('ip'),
    city: text('city'),
    country: text('country'),
    userAgent: text('user_agent'),
    /** The electronic signature consent accepted: its version, language and exact text. */
    consentVersion: text('consent_version'),
    consentLang: text('consent_lang', { enum: languages }),
    consentText: text('consent_text'),
    /** This signer verifies their phone with an SMS code before signing. */
    use2fa: boolean('use_2fa').notNull().default(false),
    /** Reminders mailed so far, the last one's time, and when the next is due (null: none). */
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deal_signer_short_id_key').on(t.shortId),
    // The reminder sweep: the unsigned slots whose next reminder is due.
    index('deal_signer_next_reminder_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.nextReminderAt} is not null`),
    index('deal_signer_deal_idx').on(t.dealId),
    // The user's slots (their 'To sign' list) and the unbound slots naming an address (bound to
    // its account once the address is proven).
    index('deal_signer_user_idx').on(t.userId),
    index('deal_signer_email_idx').on(t.email),
  ],
);

/**
 * A signer's link whose request ended (issue 40): the slot is gone, and its link says why
 * (cancelled, declined, withdrawn, replaced) rather than 'not found'. The short id is the
 * link's 128 random bits; nothing else of the signer is kept.
 */
export const signingLinkEnds = pgTable(
  'signing_link_end',
  {
    shortId: text('short_id').primaryKey(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: signingLinkEndReasons }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signing_link_end_deal_idx').on(t.dealId)],
);

/**
 * A signer's two-step verification (spec 3 §4: started → code-sent → completed). The code is
 * kept only as an HMAC with a per-code salt, valid until `expiresAt`, used once; after
 * `TWO_STEP_MAX_ATTEMPTS` wrong tries it is locked until a new code is sent.
 */
export const signerCodes = pgTable('signer_code', {
  signerId: uuid('signer_id')
    .primaryKey()
    .references(() => dealSigners.id, { onDelete: 'cascade' }),
  state: text('state', { enum: twoStepStates }).notNull().default('started'),
  /** The phone the last code went to (the signer's phone at that time). */
  phone: text('phone'),
  codeHash: text('code_hash'),
  codeSalt: text('code_salt'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The sealed, signed PDF of a deal (spec 3 §4 completion), made by the `signing.signed-pdf` job.
 * One row per deal, so a retried or re-run job finishes it once; `attempts` and `lastError`
 * show the sender a failing seal, `state` is 'failed' when the retries ran out.
 */
export const signedPdfs = pgTable('signed_pdf', {
  dealId: uuid('deal_id')
    .primaryKey()
    .references(() => deals.id, { onDelete: 'cascade' }),
  state: text('state', { enum: signedPdfStates }).notNull().default('pending'),
  fileId: uuid('file_id').references(() => files.id),
  sha256: text('sha256'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /**
   * Storage keys runs have written (noted before each write): a run that crashed after storing
   * leaves its object here, and the run that records the PDF removes every other one.
   */
  storedKeys: text('stored_keys').array().notNull().default(sql`'{}'::text[]`),
  /**
   * The audit chain's last hash printed in the sealed PDF: the chain must still contain it, so
   * events removed from its end up to the seal are detected too.
   */
  auditChainHead: text('audit_chain_head'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * A user's Send & Sign PDF form as they left it (spec 3 §2.4: kept as the per-user PDF send
 * draft, synced 1 s after a change); removed when the PDF is sent.
 */
export const sendPdfDrafts = pgTable('send_pdf_draft', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * The credit ledger (spec: billing transaction): one row per purchase, spend or adjustment.
 * `idempotencyKey` is unique, so a retried or repeated request applies once.
 */
export const creditTransactions = pgTable(
  'credit_transaction',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    product: text('product', { enum: creditProducts }).notNull(),
    purchase: integer('purchase').notNull().default(0),
    spend: integer('spend').notNull().default(0),
    /** Signed change of the balance: purchase − spend. */
    amountChange: integer('amount_change').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    currency: text('currency', { enum: currencies }),
    /** Minor units. */
    unitPrice: integer('unit_price'),
    taxPrc: integer('tax_prc'),
    taxAmount: integer('tax_amount'),
    purchaseTotal: integer('purchase_total'),
    pricePerSeat: integer('price_per_seat'),
    userId: uuid('user_id').references(() => users.id),
    userName: text('user_name'),
    paymentId: uuid('payment_id'),
    collection: text('collection'),
    documentId: uuid('document_id'),
    documentProcess: text('document_process', { enum: draftProcesses }),
    documentTitle: text('document_title'),
    receiverName: text('receiver_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_transaction_key').on(t.idempotencyKey),
    index('credit_transaction_workspace_idx').on(t.workspaceId, t.createdAt),
    check('credit_transaction_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** A card payment for credits, as the payment provider sees it. */
export const payments = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    credits: integer('credits').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    unitPrice: integer('unit_price').notNull(),
    taxPrc: integer('tax_prc').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    purchaseTotal: integer('purchase_total').notNull(),
    errorMessage: text('error_message'),
    /** Why the payment failed, as an API error code (`errorMessage`: the processor's words). */
    errorCode: text('error_code'),
    /** When the credits of a succeeded payment reached the ledger; null until then. */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payment_provider_id_key').on(t.provider, t.providerPaymentId),
    index('payment_workspace_idx').on(t.workspaceId),
  ],
);

/** Provider webhook events already applied, so a replayed event changes nothing. */
export const paymentEvents = pgTable(
  'payment_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The built-in test card processor's own records: what a real processor keeps on its side
 * (the charge and whether its 3-D Secure check has been passed).
 */
export const testProcessorCharges = pgTable('test_processor_charge', {
  id: text('id').primaryKey(),
  /** Pactum's payment the charge is for, so that a lost answer can be looked up. */
  paymentId: uuid('payment_id'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: testChargeStatuses }).notNull(),
  returnUrl: text('return_url'),
  cardLast4: text('card_last4').notNull(),
  createdAt: createdAt(),
});

/** An invitation to join a workspace, accepted when the invitee signs in with that e-mail. */
export const workspaceInvites = pgTable(
  'workspace_invite',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: workspaceRoles }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workspace_invite_email_key').on(t.workspaceId, t.email),
    index('workspace_invite_open_idx').on(t.email).where(sql`${t.acceptedAt} IS NULL`),
  ],
);

export const workspaceGroups = pgTable(
  'workspace_group',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('workspace_group_workspace_idx').on(t.workspaceId)],
);

export const workspaceGroupMembers = pgTable(
  'workspace_group_member',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => workspaceGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_member_user_idx').on(t.userId),
  ],
);

/** A tag of a workspace; names are unique per workspace ignoring case. */
export const workspaceTags = pgTable(
  'workspace_tag',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workspace_tag_key').on(t.workspaceId, sql`lower(${t.tag})`)],
);

/** A process that runs jobs; `seenAt` is its heartbeat, so a dead one's work can be taken over. */
export const jobWorkers = pgTable('job_worker', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A job run under way and the worker process running it (pg-boss keeps no owner). */
export const jobRuns = pgTable(
  'job_run',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: uuid('worker_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_run_worker_idx').on(t.workerId)],
);

/**
 * A token for the public API (`Authorization: Bearer pct_…`): personal (the user's own reach)
 * or a workspace's (that workspace's reach only, made by one of its administrators). Only the
 * SHA-256 of the token is kept; the token itself is shown once, when made.
 */
export const apiTokens = pgTable(
  'api_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner of a personal token; the administrator who made a workspace token. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set for a workspace token: it acts as the workspace, nothing else. */
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: apiTokenScopes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, to tell tokens apart in a list. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_token_hash_key').on(t.tokenHash),
    index('api_token_user_idx').on(t.userId, t.createdAt),
    index('api_token_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/** An HTTPS endpoint of a workspace that receives signed events (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoint',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives. */
    events: jsonb('events').$type<string[]>().notNull(),
    /** The signing secret (`whsec_` + base64), shown to the administrator once. */
    secret: text('secret').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoint_workspace_idx').on(t.workspaceId)],
);

/**
 * One event for one endpoint: its id is the `webhook-id` a receiver deduplicates by. A deal's
 * events to an endpoint form a line numbered by `sequence` (1, 2, 3 … per endpoint and deal):
 * one is sent only after the one before it was delivered or given up (`delivery.ts`).
 */
export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    /** `msg_` + random: the same for every retry of the delivery. */
    id: text('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The deal the event is about; null for `webhook.test` (and deliveries made before 0019). */
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    /** The event's place among the deal's events to this endpoint (the payload's `sequence`). */
    sequence: integer('sequence'),
    eventType: text('event_type').notNull(),
    /** The JSON body, exactly as sent (and signed) on every attempt. */
    payload: text('payload').notNull(),
    state: text('state', { enum: webhookDeliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt),
    // Each number once per endpoint and deal; also finds the next delivery of a deal’s line.
    uniqueIndex('webhook_delivery_sequence_key').on(t.endpointId, t.dealId, t.sequence),
  ],
);

/**
 * The last `sequence` given to a deal's events for one endpoint. Taken with an upsert in the
 * event's transaction, so its row lock orders concurrent events of one deal: the numbers are
 * unique, follow commit order, and the delivery job's hand-over takes the same lock.
 */
export const webhookSequences = pgTable(
  'webhook_sequence',
  {
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.dealId] })],
);

/**
 * A folder or file of the archive (spec 1 §3 archive item). Who reaches it is its `scope`: every
 * member of `workspaceId`, the members of `groupIds` (groups of that workspace), or, for a signed
 * deal filed into a party's Inbox, the party's people on the deal (`archive_access`). A file with
 * no parent is in the Inbox; a folder with no parent is at the root. `ancestorIds` lists the
 * folders above it (root first): opening an item needs access to each of them too, so taking a
 * user off a folder shuts them out of everything below it at once.
 */
export const archiveItems = pgTable(
  'archive_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: archiveItemTypes }).notNull(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    ancestorIds: uuid('ancestor_ids').array().notNull().default(sql`'{}'::uuid[]`),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: archiveScopes }).notNull(),
    groupIds: uuid('group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    fileId: uuid('file_id').references(() => files.id),
    originalName: text('original_name'),
    size: integer('size'),
    fileType: text('file_type'),
    extension: text('extension'),
    originalDealId: uuid('original_deal_id').references(() => deals.id, { onDelete: 'set null' }),
    originalParty: text('original_party', { enum: partyRoles }),
    alertCount: integer('alert_count').notNull().default(0),
    errorMessage: text('error_message'),
    textState: text('text_state', { enum: archiveTextStates }),
    pageCount: integer('page_count'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: modifiedAt(),
    modifiedBy: uuid('modified_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: deletedAt(),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('archive_item_parent_idx')
      .on(t.parentId, t.type, t.name)
      .where(sql`${t.deletedAt} IS NULL`),
    index('archive_item_workspace_idx').on(t.workspaceId).where(sql`${t.deletedAt} IS NULL`),
    index('archive_item_groups_idx').using('gin', t.groupIds),
    index('archive_item_ancestors_idx').using('gin', t.ancestorIds),
    // One live folder of a name in one place: two people creating it at once get one folder.
    uniqueIndex('archive_folder_name_key')
      .on(
        t.workspaceId,
        sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        t.name,
      )
      .where(sql`${t.type} = 'folder' AND ${t.deletedAt} IS NULL`),
    // One archived copy of a signed deal per party, however often filing runs.
    uniqueIndex('archive_deal_copy_key')
      .on(t.originalDealId, t.originalParty)
      .where(sql`${t.originalDealId} IS NOT NULL`),
  ],
);

/** Who reaches an Inbox copy (scope `party`): the party's access entries on the deal, copied. */
export const archiveAccess = pgTable(
  'archive_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => archiveItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => workspaceGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('archive_access_item_idx').on(t.itemId),
    index('archive_access_user_idx').on(t.userId),
    index('archive_access_workspace_idx').on(t.workspaceId),
    index('archive_access_group_idx').on(t.groupId),
  ],
);

/** The text of one page of an archived PDF, read by the `archive.extract-text` job. */
export const archivePages = pgTable(
  'archive_page',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => archiveItems.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.page] })],
);

/**
 * A signed deal on its way into a party's Inbox (spec 1 §3 save-to-archive queue item): made
 * when the last signature completes the deal, `filing` once the sealed PDF exists, gone into
 * `done` with the archived copy's id, or `failed` when the retries ran out.
 */
export const archiveFilings = pgTable(
  'archive_filing',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    party: text('party', { enum: partyRoles }).notNull(),
    state: text('state', { enum: archiveFilingStates }).notNull().default('in-progress'),
    step: text('step', { enum: archiveFilingSteps }).notNull().default('sealing'),
    itemId: uuid('item_id').references(() => archiveItems.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.party] }),
    index('archive_filing_open_idx').on(t.state).where(sql`${t.state} <> 'done'`),
  ],
);

/**
 * A change of a folder's groups, carried to everything below it by the `archive.permissions`
 * job; `done` of `total` is its progress.
 */
export const archivePermissionChanges = pgTable(
  'archive_permission_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => archiveItems.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: archiveScopes }).notNull(),
    groupIds: uuid('group_ids').array().notNull(),
    state: text('state', { enum: permissionChangeStates }).notNull().default('running'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('archive_permission_change_folder_idx').on(t.folderId, t.createdAt)],
);

/**
 * A document alert on an archived file (spec 1 §3): on `date`, at 08:00 in the creator's
 * timezone (`dueAt`, fixed when the alert is saved), each of `emails` gets the alert mail and the
 * users among them a notification. `alertedAt` marks the one delivery; `alertUserIds` are the
 * recipients that are users who may open the file (kept current on save and at delivery, for
 * the dashboard's upcoming alerts). The file's `alert_count` is its number of pending alerts.
 */
export const documentAlerts = pgTable(
  'document_alert',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => archiveItems.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    emails: text('emails').array().notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull().default(''),
    alertUserIds: uuid('alert_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedBy: uuid('modified_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('document_alert_item_idx').on(t.itemId, t.date),
    // The scheduler's question: pending alerts whose time has come.
    index('document_alert_due_idx').on(t.dueAt).where(sql`${t.alertedAt} IS NULL`),
    index('document_alert_users_idx').using('gin', t.alertUserIds),
  ],
);

/**
 * What a workspace administrator did to someone else's document alert (issue 35): the change or
 * the removal, the alert as it was and as it became, written in the change's own transaction, so
 * the record holds exactly the changes that happened. `alertId` has no reference: a removed
 * alert's record stays. An author's changes to their own alert are not recorded here.
 */
export const documentAlertEvents = pgTable(
  'document_alert_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => archiveItems.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    action: text('action', { enum: alertAdministratorActions }).notNull(),
    /** The administrator who acted. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The alert's author, whose alert it was. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The alert's date, addresses, subject and message before, and after a change. */
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('document_alert_event_item_idx').on(t.itemId, t.createdAt),
    index('document_alert_event_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/** The text of one page of a Send & Sign PDF deal's file, read by the `deals.extract-text` job. */
export const dealPages = pgTable(
  'deal_page',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.page] })],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index (issue 16): one row per searchable text of a deal or an archive item, written
 * by the triggers of migration 0014 in the transaction of every change to its source (the
 * `search_*_source` views say what is indexed; `pactum_search_reindex()` rebuilds it all).
 * `docId` is the deal or archive item the hit opens; `partId` the section, signer (zero uuid
 * otherwise); `page` the PDF page (0 otherwise). `tsv` holds English and Finnish stems of the
 * unaccented text, weighted by field; `fold` the lower-cased unaccented text of names and ids
 * for typo-tolerant trigram matching.
 */
export const searchEntries = pgTable(
  'search_entry',
  {
    docId: uuid('doc_id').notNull(),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => archiveItems.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    partId: uuid('part_id').notNull().default(sql`'00000000-0000-0000-0000-000000000000'::uuid`),
    page: integer('page').notNull().default(0),
    body: text('body').notNull(),
    fold: text('fold'),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('pactum_english'::regconfig, body) || to_tsvector('pactum_finnish'::regconfig, body), CASE field WHEN 'title' THEN 'A' WHEN 'name' THEN 'A' WHEN 'contractUid' THEN 'A' WHEN 'party' THEN 'B' WHEN 'signer' THEN 'B' WHEN 'upload' THEN 'B' WHEN 'section' THEN 'C' ELSE 'D' END::"char")`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.docId, t.field, t.partId, t.page] }),
    index('search_entry_tsv_idx').using('gin', t.tsv),
    index('search_entry_fold_idx')
      .using('gin', sql`${t.fold} gin_trgm_ops`)
      .where(sql`${t.fold} IS NOT NULL`),
    index('search_entry_deal_idx').on(t.dealId).where(sql`${t.dealId} IS NOT NULL`),
    index('search_entry_item_idx').on(t.itemId).where(sql`${t.itemId} IS NOT NULL`),
  ],
);

/**
 * What Pactum's staff did in the admin area (issue 17): every action with the admin, its target
 * and the reason, written in the action's own transaction. `targetUserId` is the user the action
 * was about (the target of `user.*`), so the event log's user filter finds it.
 */
export const adminEvents = pgTable(
  'admin_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: adminActions }).notNull(),
    targetKind: text('target_kind', { enum: adminTargetKinds }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The target's name, title or e-mail when the action was done (it may change later). */
    targetLabel: text('target_label'),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_event_created_idx').on(t.createdAt, t.id),
    index('admin_event_target_idx').on(t.targetId, t.createdAt),
    index('admin_event_admin_idx').on(t.adminId, t.createdAt),
    index('admin_event_target_user_idx').on(t.targetUserId, t.createdAt),
    index('admin_event_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * The last check of a document's audit chain an admin asked for: queued with the request, run by
 * the `admin.check-chain` job (hashing stays off the request path), its outcome kept here.
 */
export const auditChainChecks = pgTable(
  'audit_chain_check',
  {
    collection: text('collection', { enum: documentCollections }).notNull(),
    documentId: uuid('document_id').notNull(),
    status: text('status', { enum: chainCheckStatuses }).notNull(),
    count: integer('count'),
    brokenSeq: integer('broken_seq'),
    brokenReason: text('broken_reason'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.collection, t.documentId] })],
);

/**
 * The stored check of a document's whole audit chain, so the signing view need not re-hash every
 * event on every read: refreshed off the request path by the `signing.check-chain` job, queued in
 * the transaction that appends an event (features/signing/chain-check.ts). The view hashes only
 * the events after `verifiedSeq`. Not the admin's on-demand check (`audit_chain_check`), which
 * keeps who asked and when.
 */
export const auditChainVerdicts = pgTable(
  'audit_chain_verdict',
  {
    collection: text('collection', { enum: documentCollections }).notNull(),
    documentId: uuid('document_id').notNull(),
    /** The verdict; null until the first check has run. */
    isValid: boolean('is_valid'),
    /** How many events the check read. */
    count: integer('count'),
    /**
     * The chain was found intact through this event (its `seq`), whose hash is `headHash`; null
     * when it was broken or empty.
     */
    verifiedSeq: integer('verified_seq'),
    headHash: text('head_hash'),
    brokenSeq: integer('broken_seq'),
    brokenReason: text('broken_reason'),
    /** When the check read the events: a check that read earlier never replaces a later one. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A check is queued and has not started yet: appends meanwhile queue no other. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.collection, t.documentId] })],
);

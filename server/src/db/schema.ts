import type { Address, Company, HomeCounts } from '@pactum/core/auth';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
    lang: text('lang', { enum: ['en', 'fi'] })
      .notNull()
      .default('en'),
    isAdmin: boolean('is_admin').notNull().default(false),
    ssoProvider: text('sso_provider', { enum: ['google', 'microsoft'] }),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
    emailNotifications: text('email_notifications', {
      enum: ['daily2x', 'daily', 'weekly', 'off'],
    })
      .notNull()
      .default('daily'),
    timezone: text('timezone'),
    company: jsonb('company').$type<UserCompany>().notNull().default({}),
    address: jsonb('address').$type<UserAddress>().notNull().default({}),
    autofillShown: boolean('autofill_shown').notNull().default(false),
    notificationsDialogShown: boolean('notifications_dialog_shown').notNull().default(false),
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
  (t) => [uniqueIndex('user_email_key').on(t.email)],
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
    type: text('type', {
      enum: ['signup', 'login', 'logout', 'password-change', 'password-reset', 'email-verified'],
    }).notNull(),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_event_user_idx').on(t.userId, t.createdAt)],
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
  billingCurrency: 'EUR' | 'SEK' | 'USD';
};
/** The card on file, as the payment provider summarises it (never the number). */
export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };
/** Figures of the workspace page (spec 3 §3, workspace stats). */
export type WorkspaceStats = {
  deals: { negotiation: number; inSigning: number; signed: number; archives: number };
  members: number;
  groups: number;
  tags: number;
  credits: { purchased: number; spent: number };
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
    type: text('type', { enum: ['card', 'invoice'] }).notNull(),
    credits: integer('credits').notNull().default(0),
    currency: text('currency', { enum: ['EUR', 'SEK', 'USD'] })
      .notNull()
      .default('EUR'),
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
      currency: 'EUR' | 'SEK' | 'USD';
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
    role: text('role', { enum: ['edit', 'view'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_member_user_idx').on(t.userId),
  ],
);

/** One content option of a section: the text a party can choose or propose. */
export type ContentOption = { id: string; html: string; help?: string };

/** One step in a deal section's negotiation log. */
export type SectionLogEntry = {
  state: 'sent' | 'countered' | 'agreed' | 'reopened';
  party: 'sender' | 'receiver';
  userId: string;
  time: string;
  contentId: string;
};

export const templates = pgTable(
  'template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    category: text('category'),
    language: text('language'),
    region: text('region'),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    isGlobal: boolean('is_global').notNull().default(false),
    /** Credits per receiver; null means 1. */
    price: integer('price'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('template_created_by_idx').on(t.createdBy)],
);

export const templateSections = pgTable(
  'template_section',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    position: integer('position').notNull(),
    type: text('type', { enum: ['parties', 'signers', 'normal'] }).notNull(),
    title: text('title').notNull().default(''),
    help: text('help'),
    content: jsonb('content').$type<ContentOption[]>().notNull().default([]),
    defaultContentId: text('default_content_id'),
    lockedBy: uuid('locked_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('template_section_template_idx').on(t.templateId, t.position)],
);

export const deals = pgTable(
  'deal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    contractUid: text('contract_uid'),
    state: text('state', { enum: ['new', 'negotiate', 'in-signing', 'signed', 'trash'] })
      .notNull()
      .default('new'),
    process: text('process', { enum: ['sign', 'negotiate', 'pdf'] }).notNull(),
    parties: jsonb('parties')
      .$type<{ sender: { name: string }; receiver: { name: string } }>()
      .notNull(),
    sentBy: uuid('sent_by')
      .notNull()
      .references(() => users.id),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    negotiationStats: jsonb('negotiation_stats')
      .$type<{ approved: number; open: number }>()
      .notNull()
      .default({ approved: 0, open: 0 }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [index('deal_sent_by_idx').on(t.sentBy, t.createdAt)],
);

export const dealSections = pgTable(
  'deal_section',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    position: integer('position').notNull(),
    type: text('type', { enum: ['parties', 'signers', 'normal'] }).notNull(),
    title: text('title').notNull().default(''),
    help: text('help'),
    content: jsonb('content').$type<ContentOption[]>().notNull().default([]),
    defaultContentId: text('default_content_id'),
    state: text('state', { enum: ['sent', 'agreed', 'countered'] }),
    stateParty: text('state_party', { enum: ['sender', 'receiver'] }),
    log: jsonb('log').$type<SectionLogEntry[]>().notNull().default([]),
    lockedBy: uuid('locked_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('deal_section_deal_idx').on(t.dealId, t.position)],
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
    kind: text('kind', { enum: ['email', 'sms'] }).notNull(),
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
    party: text('party', { enum: ['sender', 'receiver'] })
      .notNull()
      .default('receiver'),
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
    party: text('party', { enum: ['sender', 'receiver'] }).notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    userId: uuid('user_id').references(() => users.id),
    state: text('state', { enum: ['new', 'signed'] })
      .notNull()
      .default('new'),
    mailStatus: text('mail_status', { enum: mailStatuses }).notNull().default('new'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deal_signer_short_id_key').on(t.shortId),
    index('deal_signer_deal_idx').on(t.dealId),
  ],
);

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
    product: text('product', { enum: ['credits', 'licenses', 'send', 'adjustment'] }).notNull(),
    purchase: integer('purchase').notNull().default(0),
    spend: integer('spend').notNull().default(0),
    /** Signed change of the balance: purchase − spend. */
    amountChange: integer('amount_change').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    currency: text('currency', { enum: ['EUR', 'SEK', 'USD'] }),
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
    documentProcess: text('document_process', { enum: ['sign', 'negotiate', 'pdf'] }),
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
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: ['pending', 'requires_action', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    credits: integer('credits').notNull(),
    currency: text('currency', { enum: ['EUR', 'SEK', 'USD'] }).notNull(),
    unitPrice: integer('unit_price').notNull(),
    taxPrc: integer('tax_prc').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    purchaseTotal: integer('purchase_total').notNull(),
    errorMessage: text('error_message'),
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
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['requires_action', 'succeeded', 'failed'] }).notNull(),
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
    role: text('role', { enum: ['edit', 'view'] }).notNull(),
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

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
export type UserAddress = {
  street1?: string;
  street2?: string;
  zip?: string;
  city?: string;
  state?: string;
  country?: string;
};
export type UserCompany = {
  name?: string;
  vat?: string;
  department?: string;
  costcenter?: string;
  www?: string;
};
/** The dashboard counters of a user (drawer counts), rebuilt by `rebuildHomeCounts`. */
export type HomeCounts = {
  templates: number;
  drafts: number;
  negotiate: number;
  sign: number;
  signed: number;
  trash: number;
  workspaces: number;
};

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

/** A workspace (billing account): holds credits and members. */
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
    mailStatus: text('mail_status', {
      enum: ['new', 'delivered', 'open', 'clicked', 'failed', 'bounced', 'undelivered', 'error'],
    })
      .notNull()
      .default('new'),
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
    mailStatus: text('mail_status', {
      enum: ['new', 'delivered', 'open', 'clicked', 'failed', 'bounced', 'undelivered', 'error'],
    })
      .notNull()
      .default('new'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deal_signer_short_id_key').on(t.shortId),
    index('deal_signer_deal_idx').on(t.dealId),
  ],
);

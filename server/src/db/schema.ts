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

/** A person who signs in. Field names follow the auth library's core user model. */
export const users = pgTable(
  'user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    phone: text('phone'),
    lang: text('lang').notNull().default('en'),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_email_key').on(t.email)],
);

/** A signed-in browser. Only the SHA-256 of the cookie token is kept. */
export const sessions = pgTable(
  'session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('session_token_hash_key').on(t.tokenHash),
    index('session_user_idx').on(t.userId),
  ],
);

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

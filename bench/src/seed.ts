import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../server/src/db/client';
import {
  archiveItems,
  archivePages,
  type ContentOption,
  dealSections,
  dealSigners,
  deals,
  documentAccess,
  documentAlerts,
  documentEvents,
  drafts,
  type SectionLogEntry,
  templateSections,
  templates,
  users,
  workspaceGroupMembers,
  workspaceGroups,
  workspaceMembers,
  workspaces,
} from '../../server/src/db/schema';
import {
  buildClauseHtml,
  buildPartiesHtml,
  buildSignersHtml,
  CATEGORIES,
  companyName,
  personName,
  SECTION_TITLES,
  TEMPLATE_TITLES,
} from './contract-text';
import { createRandom, type Random } from './prng';
import {
  buildPageText,
  buildShortClauseHtml,
  type Language,
  pickLanguage,
  shortClauseTitle,
} from './search-text';

/**
 * Bound parameters per INSERT statement: under PostgreSQL's limit of 65,535, so a statement holds
 * as many rows as fit (a 10-column table: 6,000 rows), at most `MAX_BATCH_ROWS`.
 */
const MAX_BATCH_PARAMETERS = 60_000;
const MAX_BATCH_ROWS = 5000;
/** Parents generated (and their sections inserted) at a time, to keep memory flat. */
const PARENT_CHUNK = 500;
/** All seeded timestamps count back from here, so runs store the same values. */
const BASE_TIME = Date.UTC(2025, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SEED = 20_250_101;
/**
 * The search volume (short sections, PDF pages, searchers) draws from its own stream, so the
 * other rows are the same whatever is seeded (but for a deal's `negotiation_stats`, which counts
 * the sections it stores).
 */
const TEXT_SEED_OFFSET = 16;
/** Short sections per deal: the parties, eight clauses, the signers. */
const SHORT_SECTIONS = 10;
/** The share of the deals and of the workspaces (so of the archived files) a searcher reaches. */
const SEARCHER_REACH = 0.01;

/**
 * What a deal's sections hold: `full` is 8–20 sections of a few paragraphs of HTML each (about
 * 50 KB a deal), `short` ten sections of a few hundred characters of English or Finnish clause
 * text (the search volume: 1M sections for 100k deals), `none` no section rows at all.
 */
export type DealSectionsMode = 'full' | 'short' | 'none';

export type SeedSizes = {
  users: number;
  workspaces: number;
  templates: number;
  deals: number;
  /** Drafts not sent yet (the dashboard's Drafts and recent widgets, its feed). */
  drafts: number;
  /** Users given a live session (their cookie tokens drive the signed-in scenarios). */
  sessions: number;
  /** Text layers of archived PDF pages, spread over the archived files. */
  archivePages: number;
  /** Users who reach `SEARCHER_REACH` of the deals and files; the search scenarios are theirs. */
  searchers: number;
};

/** A user the search scenarios sign in as, and the reach it was given. */
export type Searcher = { id: string; email: string; deals: number; workspaces: number };

export type SeedResult = {
  sizes: SeedSizes;
  /** Rows per table after seeding, counted by the database. */
  counts: Record<string, number>;
  databaseBytes: number | undefined;
  durationMs: number;
  /** Of `durationMs`: building the search index once the rows are in (`buildSearchIndex`). */
  searchIndexMs: number;
  /** Cookie pairs (`name=value`) of the seeded sessions, made by the auth engine. */
  sessionCookies: string[];
  /** The users of `sessionCookies`, in the same order. */
  sessionUserIds: string[];
  searchers: Searcher[];
  /** The searchers' cookie pairs, in the order of `searchers`. */
  searcherCookies: string[];
};

/** Who the seeded people are and where they belong, for documents and their access rows. */
type People = {
  userIds: string[];
  /** Each user's e-mail (their signer slots name it). */
  emailOf: Map<string, string>;
  /** The users who get sessions: the active ones, who create, send and receive more. */
  activeIds: string[];
  /** Workspace ids of each member. */
  workspacesOf: Map<string, string[]>;
  /** Members of each workspace. */
  membersOf: Map<string, string[]>;
  /** Groups of each workspace. */
  groupsOf: Map<string, string[]>;
};

type AccessRow = typeof documentAccess.$inferInsert;

/** Share of templates created, and of deals sent or received, by the session users. */
const ACTIVE_SHARE = 0.5;

type SectionBody = {
  position: number;
  type: 'parties' | 'normal' | 'signers';
  title: string;
  help: string | null;
  content: ContentOption[];
  defaultContentId: string;
};

type DealState = (typeof deals.$inferInsert)['state'] & string;
type DealSectionState = 'sent' | 'agreed' | 'countered';

/**
 * The default sizes (2000 users, 200 workspaces, 1000 templates, 5000 deals, 1000 drafts, 20,000
 * archived PDF pages) times `scale`; `deals` replaces the deal count when given (BENCH_DEALS),
 * for volumes with more deals per user than the default mix; `archivePages` the page count.
 */
export function computeSeedSizes(
  scale: number,
  overrides: { deals?: number | undefined; archivePages?: number | undefined } = {},
): SeedSizes {
  const scaled = (base: number) => Math.max(1, Math.round(base * scale));
  return {
    users: Math.max(15, scaled(2000)),
    workspaces: scaled(200),
    templates: scaled(1000),
    deals: overrides.deals ?? scaled(5000),
    drafts: scaled(1000),
    sessions: Math.max(10, scaled(200)),
    archivePages: overrides.archivePages ?? scaled(20_000),
    searchers: 10,
  };
}

/** Fills a freshly migrated database with realistic volume; the same seed gives the same rows. */
export async function seedDatabase(
  database: Database,
  options: {
    scale: number;
    /** The deal count instead of the scaled default. */
    deals?: number;
    /** The archived PDF pages instead of the scaled default. */
    archivePages?: number;
    /**
     * `full` by default. The long sections are drawn in every mode, so every other row is the
     * same; `none` leaves them out (the lists and the dashboard read no section, and a large
     * volume seeds in minutes rather than hours), `short` stores ten short ones instead.
     */
    dealSections?: DealSectionsMode;
    seed?: number;
    /**
     * Builds the search index once the rows are in (default true). Only the search scenarios
     * read it; without it the `search_entry` table stays empty.
     */
    isSearchIndexBuilt?: boolean;
    /** Starts a real session for a user and returns its Cookie pair (`name=value`). */
    startSession: (userId: string) => Promise<string>;
  },
): Promise<SeedResult> {
  const started = performance.now();
  const sizes = computeSeedSizes(options.scale, {
    deals: options.deals,
    archivePages: options.archivePages,
  });
  const seed = options.seed ?? DEFAULT_SEED;
  const random = createRandom(seed);
  const textRandom = createRandom(seed + TEXT_SEED_OFFSET);
  const { db } = database;

  const { userIds, emailOf } = await seedUsers(db, random, sizes.users);
  const members = await seedWorkspaces(db, random, sizes.workspaces, userIds);
  const groupsOf = await seedGroups(db, random, members);
  const workspacesOf = new Map<string, string[]>();
  for (const [workspaceId, memberIds] of members) {
    for (const userId of memberIds) {
      workspacesOf.set(userId, [...(workspacesOf.get(userId) ?? []), workspaceId]);
    }
  }
  const people: People = {
    userIds,
    emailOf,
    // Chosen before the documents so they hold tens of templates and deals each.
    activeIds: random.sample(userIds, sizes.sessions),
    workspacesOf,
    membersOf: members,
    groupsOf,
  };
  await seedTemplates(db, random, sizes.templates, people);
  const dealIds = await seedDeals(db, random, sizes.deals, people, {
    mode: options.dealSections ?? 'full',
    textRandom,
  });
  await seedDrafts(db, random, sizes.drafts, people);
  const fileIds = await seedAlerts(db, random, people);
  await seedArchivePages(database, textRandom, fileIds, sizes.archivePages);
  const searchers = await seedSearchers(db, textRandom, {
    count: sizes.searchers,
    dealIds,
    workspaceIds: [...people.membersOf.keys()],
  });
  const sessionCookies = await seedSessions(people.activeIds, options.startSession);
  const searcherCookies = await seedSessions(
    searchers.map((searcher) => searcher.id),
    options.startSession,
  );
  const searchIndexStarted = performance.now();
  if (options.isSearchIndexBuilt ?? true) await buildSearchIndex(database);
  const searchIndexMs = performance.now() - searchIndexStarted;
  // Fresh bulk loads have no planner statistics yet (PGlite never runs autovacuum).
  await database.exec('ANALYZE');

  const durationMs = performance.now() - started;
  const counts = await countRows(database);
  const databaseBytes = await measureDatabaseBytes(database);
  return {
    sizes,
    counts,
    databaseBytes,
    durationMs,
    searchIndexMs,
    sessionCookies,
    sessionUserIds: people.activeIds,
    searchers,
    searcherCookies,
  };
}

/**
 * One transaction per call, in statements of as many rows as `MAX_BATCH_PARAMETERS` allows, with triggers off
 * (`session_replication_role = replica`; the bench database's user is its owner and a superuser):
 * the search index triggers would otherwise write its rows one source row at a time, so the
 * seed rebuilds the index once at the end. Foreign keys are triggers too and are not checked;
 * the seed only writes ids it made.
 */
/**
 * The search index, built once from its views (the rows went in with its triggers off), then laid
 * out by document: in a live database the triggers write a deal's entries together when it is
 * made, while `pactum_search_reindex()` writes all titles, then all sections, and so on, which
 * spreads one deal over five places. The GIN indexes are dropped first and made again last, which
 * is quicker than keeping them up to date row by row and lets CLUSTER rewrite only the b-trees.
 */
async function buildSearchIndex(database: Database): Promise<void> {
  const { rows } = await database.query(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'search_entry' AND indexdef LIKE '% USING gin %'`,
  );
  const indexes = rows.map((row) => ({
    name: String(row.indexname),
    definition: String(row.indexdef),
  }));
  for (const { name } of indexes) await database.exec(`DROP INDEX "${name}"`);
  // One statement list per call, so SET LOCAL holds on the connection that builds.
  const withMemory = (statement: string) =>
    database.exec(`BEGIN; SET LOCAL maintenance_work_mem = '256MB'; ${statement}; COMMIT`);
  await database.exec('SELECT pactum_search_reindex()');
  await withMemory('CLUSTER search_entry USING search_entry_doc_id_field_part_id_page_pk');
  for (const { definition } of indexes) await withMemory(definition);
}

async function insertInBatches<T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[]) {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
    const batchSize = Math.min(MAX_BATCH_ROWS, Math.floor(MAX_BATCH_PARAMETERS / columns));
    for (let i = 0; i < rows.length; i += batchSize) {
      await tx.insert(table).values(rows.slice(i, i + batchSize));
    }
  });
}

function daysBefore(base: number, days: number): Date {
  return new Date(base - days * DAY_MS);
}

function toAsciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');
}

async function seedUsers(
  db: Db,
  random: Random,
  count: number,
): Promise<{ userIds: string[]; emailOf: Map<string, string> }> {
  const rows = Array.from({ length: count }, (_, index) => {
    const { firstname, lastname } = personName(random);
    const createdAt = daysBefore(BASE_TIME, random.int(0, 900));
    return {
      id: random.uuid(),
      name: `${firstname} ${lastname}`,
      firstname,
      lastname,
      email: `${toAsciiSlug(`${firstname}.${lastname}`)}.${index}@example.test`,
      emailVerified: random.chance(0.9),
      phone: random.chance(0.6)
        ? `+35840${String(random.int(0, 9_999_999)).padStart(7, '0')}`
        : null,
      lang: random.chance(0.7) ? 'en' : 'fi',
      isAdmin: index === 0,
      createdAt,
      updatedAt: createdAt,
    } satisfies typeof users.$inferInsert;
  });
  await insertInBatches(db, users, rows);
  return {
    userIds: rows.map((row) => row.id),
    emailOf: new Map(rows.map((row) => [row.id, row.email])),
  };
}

async function seedWorkspaces(
  db: Db,
  random: Random,
  count: number,
  userIds: string[],
): Promise<Map<string, string[]>> {
  const workspaceRows: (typeof workspaces.$inferInsert & { id: string })[] = [];
  const memberRows: (typeof workspaceMembers.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const id = random.uuid();
    const members = random.sample(userIds, random.int(3, 15));
    const createdAt = daysBefore(BASE_TIME, random.int(0, 800));
    workspaceRows.push({
      id,
      title: companyName(random),
      type: random.chance(0.7) ? 'card' : 'invoice',
      credits: random.int(0, 5000),
      currency: random.pick(['EUR', 'EUR', 'EUR', 'SEK', 'USD'] as const),
      isVerified: random.chance(0.5),
      createdBy: members[0] ?? null,
      createdAt,
    });
    members.forEach((userId, index) => {
      // The creator administers the workspace; a few others do too.
      const role = index === 0 || random.chance(0.2) ? 'edit' : 'view';
      memberRows.push({ workspaceId: id, userId, role, createdAt });
    });
  }
  await insertInBatches(db, workspaces, workspaceRows);
  await insertInBatches(db, workspaceMembers, memberRows);
  const members = new Map<string, string[]>(workspaceRows.map((row) => [row.id, []]));
  for (const row of memberRows) members.get(row.workspaceId)?.push(row.userId);
  return members;
}

const GROUP_NAMES = ['Sales', 'Legal', 'Procurement', 'Management', 'Finance', 'Partners'];

/** 0–3 groups per workspace, each with a few of its members; returns the groups per workspace. */
async function seedGroups(
  db: Db,
  random: Random,
  members: Map<string, string[]>,
): Promise<Map<string, string[]>> {
  const groupRows: (typeof workspaceGroups.$inferInsert & { id: string })[] = [];
  const groupMemberRows: (typeof workspaceGroupMembers.$inferInsert)[] = [];
  const groupsOf = new Map<string, string[]>();
  for (const [workspaceId, memberIds] of members) {
    const names = random.sample(GROUP_NAMES, random.int(0, 3));
    const ids: string[] = [];
    for (const name of names) {
      const id = random.uuid();
      ids.push(id);
      groupRows.push({ id, workspaceId, name, createdBy: memberIds[0] ?? null });
      for (const userId of random.sample(
        memberIds,
        random.int(2, Math.max(2, memberIds.length - 1)),
      )) {
        groupMemberRows.push({ groupId: id, userId });
      }
    }
    groupsOf.set(workspaceId, ids);
  }
  await insertInBatches(db, workspaceGroups, groupRows);
  await insertInBatches(db, workspaceGroupMembers, groupMemberRows);
  return groupsOf;
}

function buildOptions(random: Random, buildHtml: () => string, count: number): ContentOption[] {
  return Array.from({ length: count }, () => ({ id: random.uuid(), html: buildHtml() }));
}

/** A contract's sections: the parties first, then clauses, the signers last. */
function buildSectionBodies(
  random: Random,
  parties: { sender: string; receiver: string },
): SectionBody[] {
  const count = random.int(8, 20);
  const titleIndexes = random
    .sample(
      SECTION_TITLES.map((_, index) => index),
      count - 2,
    )
    .sort((a, b) => a - b);
  const partiesOptions = buildOptions(
    random,
    () => buildPartiesHtml(parties.sender, parties.receiver),
    1,
  );
  const bodies: SectionBody[] = [
    {
      position: 0,
      type: 'parties',
      title: 'Parties',
      help: null,
      content: partiesOptions,
      defaultContentId: partiesOptions[0]?.id ?? '',
    },
  ];
  for (const titleIndex of titleIndexes) {
    const options = buildOptions(random, () => buildClauseHtml(random), random.int(1, 3));
    bodies.push({
      position: bodies.length,
      type: 'normal',
      title: `${bodies.length}. ${SECTION_TITLES[titleIndex] ?? 'Clause'}`,
      help: random.chance(0.3) ? 'Choose the wording that fits this agreement.' : null,
      content: options,
      defaultContentId: options[0]?.id ?? '',
    });
  }
  const signerNames = Array.from({ length: random.int(1, 3) }, () => {
    const { firstname, lastname } = personName(random);
    return `${firstname} ${lastname}`;
  });
  const signersOptions = buildOptions(random, () => buildSignersHtml(signerNames), 1);
  bodies.push({
    position: bodies.length,
    type: 'signers',
    title: 'Signatures',
    help: null,
    content: signersOptions,
    defaultContentId: signersOptions[0]?.id ?? '',
  });
  return bodies;
}

/** A user drawn from the session users `share` of the time, from everyone otherwise. */
function pickUser(random: Random, people: People, share = ACTIVE_SHARE): string {
  return random.pick(random.chance(share) ? people.activeIds : people.userIds);
}

/**
 * Who reaches a template: its creator edits it; a team template may also be shared with the
 * creator's workspace, with a group of it, and with a few people (most of them active users).
 */
function templateAccessRows(
  random: Random,
  people: People,
  template: {
    id: string;
    createdBy: string;
    workspaceId: string | null;
    isGlobal: boolean;
    createdAt: Date;
  },
): AccessRow[] {
  const base = {
    collection: 'templates' as const,
    documentId: template.id,
    createdBy: template.createdBy,
    createdAt: template.createdAt,
  };
  const rows: AccessRow[] = [{ ...base, userId: template.createdBy, role: 'edit' }];
  // Everyone reaches a global template through the flag; only its author has a row.
  if (template.isGlobal) return rows;
  const role = () => (random.chance(0.3) ? ('edit' as const) : ('view' as const));
  if (template.workspaceId && random.chance(0.6)) {
    rows.push({ ...base, workspaceId: template.workspaceId, role: role() });
  }
  const groups = template.workspaceId ? (people.groupsOf.get(template.workspaceId) ?? []) : [];
  if (groups.length > 0 && random.chance(0.3)) {
    rows.push({ ...base, groupId: random.pick(groups), role: role() });
  }
  const shared = new Set<string>([template.createdBy]);
  for (let i = random.int(0, 4); i > 0; i--) {
    const userId = pickUser(random, people, 0.7);
    if (shared.has(userId)) continue;
    shared.add(userId);
    rows.push({ ...base, userId, role: role() });
  }
  return rows;
}

async function seedTemplates(db: Db, random: Random, count: number, people: People): Promise<void> {
  for (let start = 0; start < count; start += PARENT_CHUNK) {
    const templateRows: (typeof templates.$inferInsert)[] = [];
    const sectionRows: (typeof templateSections.$inferInsert)[] = [];
    const accessRows: AccessRow[] = [];
    for (let i = start; i < Math.min(count, start + PARENT_CHUNK); i++) {
      const id = random.uuid();
      const isGlobal = random.chance(0.1);
      const createdAt = daysBefore(BASE_TIME, random.int(0, 700));
      const createdBy = pickUser(random, people);
      const creatorWorkspaces = people.workspacesOf.get(createdBy) ?? [];
      const workspaceId =
        isGlobal || creatorWorkspaces.length === 0 ? null : random.pick(creatorWorkspaces);
      templateRows.push({
        id,
        title: random.pick(TEMPLATE_TITLES),
        abstract: 'A standard agreement for recurring business between two companies.',
        category: random.pick(CATEGORIES),
        language: random.pick(['en', 'en', 'fi', 'sv'] as const),
        region: random.pick(['FI', 'SE', 'EU'] as const),
        workspaceId,
        isGlobal,
        partner: isGlobal ? random.pick(['Pactum', 'Lakitoimisto Aalto', 'Juridik AB']) : null,
        price: random.chance(0.7) ? null : random.int(1, 5),
        createdBy,
        createdAt,
        modifiedAt: new Date(createdAt.getTime() + random.int(0, 30) * DAY_MS),
        deletedAt: random.chance(0.03) ? new Date(createdAt.getTime() + 60 * DAY_MS) : null,
      });
      accessRows.push(
        ...templateAccessRows(random, people, { id, createdBy, workspaceId, isGlobal, createdAt }),
      );
      const bodies = buildSectionBodies(random, { sender: '[Supplier]', receiver: '[Customer]' });
      for (const body of bodies) {
        sectionRows.push({ id: random.uuid(), templateId: id, ...body, createdAt });
      }
    }
    await insertInBatches(db, templates, templateRows);
    await insertInBatches(db, templateSections, sectionRows);
    await insertInBatches(db, documentAccess, accessRows);
  }
}

function pickDealState(random: Random, process: 'sign' | 'negotiate'): DealState {
  const roll = random.next();
  if (roll < 0.2) return 'new';
  if (roll < 0.55) return process === 'negotiate' ? 'negotiate' : 'in-signing';
  if (roll < 0.7) return 'in-signing';
  if (roll < 0.95) return 'signed';
  return 'trash';
}

function pickSectionState(random: Random, dealState: DealState): DealSectionState | null {
  if (dealState === 'new') return null;
  if (dealState === 'in-signing' || dealState === 'signed') return 'agreed';
  if (dealState === 'trash' && random.chance(0.5)) return null;
  return random.pick(['sent', 'agreed', 'agreed', 'countered'] as const);
}

/** The steps that led to a section's state: sent, maybe countered, maybe agreed. */
function buildSectionLog(
  random: Random,
  state: DealSectionState | null,
  context: { senderId: string; receiverId: string; createdAt: Date; content: ContentOption[] },
): SectionLogEntry[] {
  if (!state) return [];
  let time = context.createdAt.getTime();
  const entry = (
    step: SectionLogEntry['state'],
    party: SectionLogEntry['party'],
  ): SectionLogEntry => {
    time += random.int(1, 72) * 60 * 60 * 1000;
    return {
      state: step,
      party,
      userId: party === 'sender' ? context.senderId : context.receiverId,
      time: new Date(time).toISOString(),
      contentId: random.pick(context.content).id,
    };
  };
  const log = [entry('sent', 'sender')];
  if (state === 'countered' || (state === 'agreed' && random.chance(0.3))) {
    log.push(entry('countered', 'receiver'));
  }
  if (state === 'agreed') log.push(entry('agreed', log.length === 1 ? 'receiver' : 'sender'));
  return log;
}

type SignerRow = typeof dealSigners.$inferInsert;
type EventRow = typeof documentEvents.$inferInsert;

/**
 * The signer slots of a deal in signing or signed: one per party, bound to its user (as when a
 * verified address is named), so the 'To sign' widget and the `sign` counters have real rows.
 * In signing, one side, the other or neither has signed yet.
 */
function dealSignerRows(
  random: Random,
  people: People,
  deal: { id: string; state: DealState; senderId: string; receiverId: string; startedAt: Date },
): SignerRow[] {
  const roll = random.int(0, 2);
  const signed = {
    sender: deal.state === 'signed' || roll === 0,
    receiver: deal.state === 'signed' || roll === 1,
  };
  return (['sender', 'receiver'] as const).map((party) => {
    const userId = party === 'sender' ? deal.senderId : deal.receiverId;
    const signedAt = signed[party] ? new Date(deal.startedAt.getTime() + DAY_MS) : null;
    return {
      id: random.uuid(),
      shortId: random.uuid().replaceAll('-', '').slice(0, 20),
      dealId: deal.id,
      party,
      firstname: 'Signer',
      lastname: party === 'sender' ? 'Sender' : 'Receiver',
      email: people.emailOf.get(userId) ?? `${userId}@example.test`,
      userId,
      state: signedAt ? 'signed' : 'new',
      mailStatus: 'delivered',
      createdAt: deal.startedAt,
      signedAt,
      signatureText: signedAt ? 'Signer' : null,
    };
  });
}

/** What the parties do to a deal's sections, as the audit trail logs it. */
const SECTION_EVENTS = [
  'section-edit',
  'section-edit',
  'section-edit',
  'section-agree',
  'section-agree',
  'section-reopen',
  'section-create',
  'section-delete',
  'document-open',
  'section-internal-thread',
] as const;

/**
 * A deal's audit trail as the feed reads it: created by the sender, 0–8 section events by
 * either party (internal threads, and one section event in five, carry the actor's party: only
 * that side sees them), opens, then the signing events its state implies. `seq` counts from 1.
 */
function dealEventRows(
  random: Random,
  deal: {
    id: string;
    state: DealState;
    senderId: string;
    receiverId: string;
    createdAt: Date;
    startedAt: Date | null;
    sectionTitles: string[];
  },
): EventRow[] {
  const rows: EventRow[] = [];
  let time = deal.createdAt.getTime();
  const push = (event: string, userId: string | null, extra: Partial<EventRow> = {}) => {
    time += random.int(1, 48) * 60 * 60 * 1000;
    rows.push({
      id: random.uuid(),
      collection: 'deals',
      documentId: deal.id,
      event,
      userId,
      data: {},
      createdAt: new Date(time),
      seq: rows.length + 1,
      ...extra,
    });
  };
  push('document-create', deal.senderId);
  const steps = deal.state === 'new' ? random.int(0, 1) : random.int(0, 8);
  for (let i = 0; i < steps; i++) {
    const party = random.chance(0.5) ? ('sender' as const) : ('receiver' as const);
    const event = random.pick(SECTION_EVENTS);
    const isInternal = event === 'section-internal-thread' || random.chance(0.2);
    push(event, party === 'sender' ? deal.senderId : deal.receiverId, {
      party: isInternal ? party : null,
      data: { actorParty: party, sectionTitle: random.pick(deal.sectionTitles) },
    });
  }
  if (deal.startedAt) {
    time = Math.max(time, deal.startedAt.getTime());
    push('signign-start', random.chance(0.5) ? deal.senderId : deal.receiverId);
    if (deal.state === 'signed') {
      push('document-sign', deal.senderId);
      push('document-sign', deal.receiverId);
      push('signing-complete', deal.receiverId);
    }
  }
  return rows;
}

type DealSectionRow = typeof dealSections.$inferInsert;

/** A deal's section rows for its bodies: each one's state, who set it, and how it got there. */
function dealSectionRows(
  random: Random,
  bodies: SectionBody[],
  deal: {
    id: string;
    state: DealState;
    senderId: string;
    receiverId: string;
    createdAt: Date;
  },
): DealSectionRow[] {
  return bodies.map((body) => {
    const sectionState = pickSectionState(random, deal.state);
    return {
      id: random.uuid(),
      dealId: deal.id,
      ...body,
      state: sectionState,
      stateParty: sectionState ? random.pick(['sender', 'receiver'] as const) : null,
      log: buildSectionLog(random, sectionState, {
        senderId: deal.senderId,
        receiverId: deal.receiverId,
        createdAt: deal.createdAt,
        content: body.content,
      }),
      createdAt: deal.createdAt,
    };
  });
}

/** Ten short sections in one language: the parties, eight clauses, the signers. */
function buildShortSectionBodies(
  random: Random,
  parties: { sender: string; receiver: string },
): SectionBody[] {
  const language: Language = pickLanguage(random);
  const single = (position: number, type: SectionBody['type'], title: string, html: string) => {
    const option = { id: random.uuid(), html };
    return { position, type, title, help: null, content: [option], defaultContentId: option.id };
  };
  const bodies: SectionBody[] = [
    single(
      0,
      'parties',
      language === 'en' ? 'Parties' : 'Osapuolet',
      buildPartiesHtml(parties.sender, parties.receiver),
    ),
  ];
  for (let position = 1; position < SHORT_SECTIONS - 1; position++) {
    const options = buildOptions(
      random,
      () => buildShortClauseHtml(random, language),
      random.chance(0.2) ? 2 : 1,
    );
    bodies.push({
      position,
      type: 'normal',
      title: `${position}. ${shortClauseTitle(random, language)}`,
      help: null,
      content: options,
      defaultContentId: options[0]?.id ?? '',
    });
  }
  const { firstname, lastname } = personName(random);
  bodies.push(
    single(
      SHORT_SECTIONS - 1,
      'signers',
      language === 'en' ? 'Signatures' : 'Allekirjoitukset',
      buildSignersHtml([`${firstname} ${lastname}`]),
    ),
  );
  return bodies;
}

/** Seeds the deals and answers their ids. */
async function seedDeals(
  db: Db,
  random: Random,
  count: number,
  people: People,
  sections: { mode: DealSectionsMode; textRandom: Random },
): Promise<string[]> {
  const dealIds: string[] = [];
  for (let start = 0; start < count; start += PARENT_CHUNK) {
    const dealRows: (typeof deals.$inferInsert)[] = [];
    const sectionRows: DealSectionRow[] = [];
    const accessRows: AccessRow[] = [];
    const signerRows: SignerRow[] = [];
    const eventRows: EventRow[] = [];
    for (let i = start; i < Math.min(count, start + PARENT_CHUNK); i++) {
      const id = random.uuid();
      const process = random.chance(0.6) ? 'negotiate' : 'sign';
      const state = pickDealState(random, process);
      const parties = { sender: companyName(random), receiver: companyName(random) };
      const senderId = pickUser(random, people);
      let receiverId = pickUser(random, people);
      while (receiverId === senderId) receiverId = pickUser(random, people);
      const senderWorkspaces = people.workspacesOf.get(senderId) ?? [];
      const createdAt = daysBefore(BASE_TIME, random.int(0, 600));
      const startedAt =
        state === 'in-signing' || state === 'signed'
          ? new Date(createdAt.getTime() + 14 * DAY_MS)
          : null;
      const bodies = buildSectionBodies(random, parties);
      const deal = { id, state, senderId, receiverId, createdAt };
      // The long sections are drawn in every mode, so the main stream and every row from it
      // stay the same; the short ones come from the text stream.
      const drawn = dealSectionRows(random, bodies, deal);
      const stored =
        sections.mode === 'short'
          ? dealSectionRows(
              sections.textRandom,
              buildShortSectionBodies(sections.textRandom, parties),
              deal,
            )
          : drawn;
      if (sections.mode !== 'none') sectionRows.push(...stored);
      const approved = stored.filter((row) => row.state === 'agreed').length;
      dealIds.push(id);
      dealRows.push({
        id,
        title: `${random.pick(TEMPLATE_TITLES)} – ${parties.receiver}`,
        abstract: `Between ${parties.sender} and ${parties.receiver}.`,
        contractUid:
          state === 'in-signing' || state === 'signed'
            ? `PCT-${String(i + 1).padStart(6, '0')}`
            : null,
        state,
        process,
        parties: {
          sender: { type: 'business', name: parties.sender },
          receiver: { type: 'business', name: parties.receiver },
        },
        sentBy: senderId,
        workspaceId: senderWorkspaces.length > 0 ? random.pick(senderWorkspaces) : null,
        negotiationStats: { approved, open: stored.length - approved },
        createdAt,
        modifiedAt: new Date(createdAt.getTime() + random.int(0, 20) * DAY_MS),
        signedAt: state === 'signed' ? new Date(createdAt.getTime() + 21 * DAY_MS) : null,
        signingStartedAt: startedAt,
      });
      if (startedAt) {
        signerRows.push(
          ...dealSignerRows(random, people, { id, state, senderId, receiverId, startedAt }),
        );
      }
      eventRows.push(
        ...dealEventRows(random, {
          id,
          state,
          senderId,
          receiverId,
          createdAt,
          startedAt,
          sectionTitles: bodies.map((body) => body.title),
        }),
      );
      // The send job writes the sender's row; claiming the invite writes the receiver's.
      const access = { collection: 'deals' as const, documentId: id, role: 'edit' as const };
      accessRows.push(
        { ...access, userId: senderId, party: 'sender', createdBy: senderId, createdAt },
        { ...access, userId: receiverId, party: 'receiver', createdBy: receiverId, createdAt },
      );
    }
    await insertInBatches(db, deals, dealRows);
    await insertInBatches(db, dealSections, sectionRows);
    await insertInBatches(db, documentAccess, accessRows);
    await insertInBatches(db, dealSigners, signerRows);
    await insertInBatches(db, documentEvents, eventRows);
  }
  return dealIds;
}

/**
 * Drafts not sent yet, most by active users: the creator edits, a third are shared with the
 * creator's workspace; a few are deleted or already sent (the widgets leave those out). Each has
 * its document-create event and, for some, an edit by a colleague (the feed shows drafts too).
 */
async function seedDrafts(db: Db, random: Random, count: number, people: People): Promise<void> {
  const draftRows: (typeof drafts.$inferInsert)[] = [];
  const accessRows: AccessRow[] = [];
  const eventRows: EventRow[] = [];
  for (let i = 0; i < count; i++) {
    const id = random.uuid();
    const createdBy = pickUser(random, people);
    const creatorWorkspaces = people.workspacesOf.get(createdBy) ?? [];
    const workspaceId = creatorWorkspaces.length > 0 ? random.pick(creatorWorkspaces) : null;
    const createdAt = daysBefore(BASE_TIME, random.int(0, 300));
    const modifiedAt = new Date(createdAt.getTime() + random.int(0, 10) * DAY_MS);
    const roll = random.next();
    draftRows.push({
      id,
      title: random.pick(TEMPLATE_TITLES),
      parties: {
        sender: { type: 'business', name: companyName(random) },
        receiver: { type: 'business', name: random.chance(0.5) ? companyName(random) : '' },
      },
      workspaceId,
      createdBy,
      createdAt,
      modifiedBy: createdBy,
      modifiedAt,
      deletedAt: roll < 0.05 ? modifiedAt : null,
      sentBy: roll >= 0.05 && roll < 0.15 ? createdBy : null,
      sentAt: roll >= 0.05 && roll < 0.15 ? modifiedAt : null,
    });
    const base = { collection: 'drafts' as const, documentId: id, createdBy, createdAt };
    accessRows.push({ ...base, userId: createdBy, role: 'edit' });
    const isShared = workspaceId !== null && random.chance(0.3);
    if (isShared) accessRows.push({ ...base, workspaceId, role: 'edit' });
    const event = { collection: 'drafts' as const, documentId: id };
    eventRows.push({
      ...event,
      id: random.uuid(),
      event: 'document-create',
      userId: createdBy,
      data: {},
      createdAt,
      seq: 1,
    });
    // A colleague of the shared workspace edits it.
    const colleagues = isShared ? (people.membersOf.get(workspaceId) ?? []) : [];
    if (colleagues.length > 0 && random.chance(0.5)) {
      eventRows.push({
        ...event,
        id: random.uuid(),
        event: 'section-edit',
        userId: random.pick(colleagues),
        data: { sectionTitle: random.pick(SECTION_TITLES) },
        createdAt: modifiedAt,
        seq: 2,
      });
    }
  }
  await insertInBatches(db, drafts, draftRows);
  await insertInBatches(db, documentAccess, accessRows);
  await insertInBatches(db, documentEvents, eventRows);
}

/**
 * Archived files in workspaces (scope workspace) and document alerts on them: about a third of
 * the active users are recipients of 1–3 pending alerts on files of their workspaces, besides
 * alerts already sent. Pending alerts are dated in 2031, so they stay upcoming whatever day the
 * bench runs (until then).
 */
async function seedAlerts(db: Db, random: Random, people: People): Promise<string[]> {
  const itemRows: (typeof archiveItems.$inferInsert & { id: string })[] = [];
  const alertRows: (typeof documentAlerts.$inferInsert)[] = [];
  const filesOf = new Map<string, string[]>();
  for (const workspaceId of people.membersOf.keys()) {
    const ids: string[] = [];
    for (let i = random.int(0, 6); i > 0; i--) {
      const id = random.uuid();
      ids.push(id);
      const createdAt = daysBefore(BASE_TIME, random.int(0, 400));
      itemRows.push({
        id,
        type: 'file',
        name: `${random.pick(TEMPLATE_TITLES)}.pdf`,
        workspaceId,
        scope: 'workspace',
        size: random.int(20_000, 2_000_000),
        fileType: 'application/pdf',
        extension: 'pdf',
        createdAt,
        modifiedAt: createdAt,
      });
    }
    filesOf.set(workspaceId, ids);
  }
  for (const userId of people.activeIds) {
    const files = (people.workspacesOf.get(userId) ?? []).flatMap((id) => filesOf.get(id) ?? []);
    if (files.length === 0 || !random.chance(0.35)) continue;
    for (let i = random.int(1, 3); i > 0; i--) {
      const isSent = random.chance(0.3);
      const day = random.int(1, 360);
      const date = isSent
        ? daysBefore(BASE_TIME, day)
        : new Date(Date.UTC(2031, 0, 1) + day * DAY_MS);
      alertRows.push({
        id: random.uuid(),
        itemId: random.pick(files),
        date: date.toISOString().slice(0, 10),
        dueAt: new Date(date.getTime() + 6 * 60 * 60 * 1000),
        emails: [people.emailOf.get(userId) ?? ''],
        subject: 'Contract renewal',
        alertUserIds: [userId],
        alertedAt: isSent ? date : null,
        createdBy: userId,
      });
    }
  }
  await insertInBatches(db, archiveItems, itemRows);
  await insertInBatches(db, documentAlerts, alertRows);
  return itemRows.map((row) => row.id);
}

/**
 * The text layers of archived PDFs (what text extraction stores): `count` pages spread over the
 * files, each file in one language, then each file's page count and text state.
 */
async function seedArchivePages(
  database: Database,
  random: Random,
  fileIds: string[],
  count: number,
): Promise<void> {
  if (fileIds.length === 0 || count === 0) return;
  const weights = fileIds.map(() => 0.5 + random.next());
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const pagesOf = weights.map((weight) => Math.floor((count * weight) / totalWeight));
  // Rounding down left fewer pages than files over: one each to the first files.
  const left = count - pagesOf.reduce((sum, pages) => sum + pages, 0);
  for (let i = 0; i < left; i++) pagesOf[i] = (pagesOf[i] ?? 0) + 1;
  let rows: (typeof archivePages.$inferInsert)[] = [];
  for (const [index, itemId] of fileIds.entries()) {
    const language = pickLanguage(random);
    for (let page = 1; page <= (pagesOf[index] ?? 0); page++) {
      rows.push({ itemId, page, text: buildPageText(random, language) });
    }
    if (rows.length >= 5000) {
      await insertInBatches(database.db, archivePages, rows);
      rows = [];
    }
  }
  await insertInBatches(database.db, archivePages, rows);
  await database.exec(`UPDATE archive_item SET page_count = p.pages, text_state = 'done'
    FROM (SELECT item_id, count(*)::int AS pages FROM archive_page GROUP BY item_id) AS p
    WHERE p.item_id = archive_item.id`);
}

/**
 * The users the search scenarios sign in as: each reaches `SEARCHER_REACH` of the deals (an
 * access row naming them on one side, as a colleague added to a party gets) and is a member of
 * that share of the workspaces, so opens about that share of the archived files too.
 */
async function seedSearchers(
  db: Db,
  random: Random,
  options: { count: number; dealIds: string[]; workspaceIds: string[] },
): Promise<Searcher[]> {
  const userRows: (typeof users.$inferInsert & { id: string; email: string })[] = [];
  const memberRows: (typeof workspaceMembers.$inferInsert)[] = [];
  const accessRows: AccessRow[] = [];
  const searchers: Searcher[] = [];
  const reach = (total: number) => Math.max(1, Math.round(total * SEARCHER_REACH));
  for (let i = 0; i < options.count; i++) {
    const id = random.uuid();
    const { firstname, lastname } = personName(random);
    const email = `searcher.${i}@example.test`;
    const createdAt = daysBefore(BASE_TIME, random.int(0, 900));
    userRows.push({
      id,
      name: `${firstname} ${lastname}`,
      firstname,
      lastname,
      email,
      emailVerified: true,
      lang: random.chance(0.7) ? 'en' : 'fi',
      createdAt,
      updatedAt: createdAt,
    });
    const dealIds = random.sample(options.dealIds, reach(options.dealIds.length));
    for (const documentId of dealIds) {
      accessRows.push({
        collection: 'deals',
        documentId,
        userId: id,
        role: 'view',
        party: random.chance(0.5) ? 'sender' : 'receiver',
        createdBy: id,
        createdAt,
      });
    }
    const workspaceIds = random.sample(options.workspaceIds, reach(options.workspaceIds.length));
    for (const workspaceId of workspaceIds) {
      memberRows.push({ workspaceId, userId: id, role: 'view', createdAt });
    }
    searchers.push({ id, email, deals: dealIds.length, workspaces: workspaceIds.length });
  }
  await insertInBatches(db, users, userRows);
  await insertInBatches(db, workspaceMembers, memberRows);
  await insertInBatches(db, documentAccess, accessRows);
  return searchers;
}

/** Real sessions through the server's auth engine, with their signed cookies. */
async function seedSessions(
  userIds: string[],
  startSession: (userId: string) => Promise<string>,
): Promise<string[]> {
  const cookies: string[] = [];
  for (const userId of userIds) cookies.push(await startSession(userId));
  return cookies;
}

const COUNTED_TABLES = [
  'user',
  'session',
  'workspace',
  'workspace_member',
  'workspace_group',
  'workspace_group_member',
  'template',
  'template_section',
  'deal',
  'deal_section',
  'deal_signer',
  'document_event',
  'draft',
  'archive_item',
  'archive_page',
  'document_alert',
  'document_access',
  'search_entry',
] as const;

async function countRows(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const result = await database.query(`SELECT count(*)::int AS n FROM "${table}"`);
    counts[table] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

async function measureDatabaseBytes(database: Database): Promise<number | undefined> {
  try {
    const result = await database.query(
      'SELECT pg_database_size(current_database())::bigint AS bytes',
    );
    return Number(result.rows[0]?.bytes);
  } catch {
    return undefined;
  }
}

import { randomUUID } from 'node:crypto';
import {
  agreeSection,
  type CreateDealSection,
  canStartSigning,
  checkSectionAction,
  counterSection,
  currentContent,
  DEAL_EVENTS_PAGE_SIZE,
  type DealCard,
  type DealDetail,
  type DealEvent,
  type DealFigures,
  type DealGroup,
  type DealList,
  type DealSection,
  type DealSectionChange,
  type DealSettings,
  dealProgress,
  defaultContractUid,
  eventSnippet,
  homeGroupOf,
  isAgreeOffered,
  isDealEditable,
  NegotiationError,
  type NegotiationMessage,
  type NegotiationRefusal,
  negotiationErrorCodes,
  negotiationStats,
  newSectionState,
  otherParty,
  parseDealGroup,
  progressColour,
  redlineHtml,
  reopenSection,
  type SaveDealSection,
  type SectionTransition,
  type SectionVersion,
  sectionChip,
  sectionCounts,
  textRedlineHtml,
} from '@pactum/core/deals';
import type { DocumentEventCode } from '@pactum/core/document-events';
import type { PartyRole } from '@pactum/core/documents';
import type { ErrorParams } from '@pactum/core/errors';
import { htmlToText } from '@pactum/core/html-text';
import type { NotificationEvent } from '@pactum/core/notifications';
import { isSectionLockLive } from '@pactum/core/section-lock';
import { orderSections } from '@pactum/core/templates';
import { and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { dealInvites, dealSections, deals, documentEvents, users } from '../../db/schema';
import { bestAccess, type DocumentAccess, requireAccess } from '../../documents/access';
import { logAdminAction } from '../../documents/admin-log';
import { callerPartyOn, dealGroupWhere } from '../../documents/deal-groups';
import {
  type DealRow,
  type DealSectionRow,
  dealAudienceIds,
  findDeal,
  partyUserIds,
} from '../../documents/deal-reads';
import { dealChanged } from '../../documents/live';
import { isProductAdmin } from '../../documents/product-admin';
import { AppError } from '../../http/app-error';
import { beforeCursor, decodeCursor, encodeCursor, microsecondText } from '../../http/cursor';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { canonicalJson } from '../../platform/pdf/content-hash';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications';
import { queueDealWebhook } from '../webhooks';
import {
  type DealSectionState,
  type DealSectionView,
  findDealForUser,
  findSection,
  findSectionStates,
  findSectionView,
  findSectionViews,
  insertDealEvent,
  makeRoomAfter,
  releaseOtherLocks,
  userNames,
} from './queries';

/*
 * Negotiation of deals (spec 3 §2.2, §4, §6). Access is the caller's `document_access` to the
 * deal (404 without, 403 for view access on a write); the caller's party comes from that row,
 * so a receiver can never act as the sender. Every change runs in one transaction that locks
 * the deal row (writes to one deal queue up), records its document event, writes notification
 * rows for the other party's users and publishes `deal:<id>` on commit.
 *
 * Negotiation events are stored without a party, so both sides read them in the activity feed
 * (the actor's side is in `data.actorParty`); party-bound events (internal comments) are shown
 * only to their own party.
 */

/** A refused negotiation rule as the API answers it. */
function refused(reason: NegotiationMessage, params: ErrorParams = {}) {
  const code = Object.hasOwn(negotiationErrorCodes, reason)
    ? negotiationErrorCodes[reason as NegotiationRefusal]
    : 'conflict';
  return new AppError(code, params);
}

/** Runs a core rule, turning its refusal into the API's error. */
function rule<T>(apply: () => T): T {
  try {
    return apply();
  } catch (error) {
    if (error instanceof NegotiationError) throw refused(error.reason);
    throw error;
  }
}

type Context = {
  deal: DealRow;
  access: DocumentAccess;
  myParty: PartyRole | null;
  userId: string;
  /** Read for the deal's own page only (`withViewer`). */
  hasUnsignedSignature: boolean;
};

function partyOf(access: DocumentAccess): PartyRole | null {
  return access.party === 'sender' || access.party === 'receiver' ? access.party : null;
}

/** The deal and the caller's access to it, in one statement; 404 without access. */
async function loadContext(
  db: DbOrTx,
  options: { dealId: string; userId: string; isLocked?: boolean; withViewer?: boolean },
): Promise<Context> {
  const found = await findDealForUser(db, options);
  const access = found ? bestAccess(found.access) : null;
  if (!found || !access) throw new AppError('not_found');
  return {
    deal: found.deal,
    access,
    myParty: partyOf(access),
    userId: options.userId,
    hasUnsignedSignature: found.hasUnsignedSignature,
  };
}

/** The acting party of a write: edit access and a party, else 403. */
function requireActor(context: Context): PartyRole {
  if (context.access.role !== 'edit') throw new AppError('forbidden');
  if (!context.myParty) throw refused('noParty');
  return context.myParty;
}

type LockColumns = Pick<DealSectionRow, 'lockedBy' | 'lockedAt'>;

const isLive = (section: LockColumns, now: Date) => isSectionLockLive(section, now);

/** Refuses when another user holds a live edit lock on the section: 'Locked by %s'. */
async function ensureNotLockedByOther(
  db: DbOrTx,
  section: LockColumns,
  userId: string,
  now: Date,
): Promise<void> {
  if (!isLive(section, now) || section.lockedBy === userId || !section.lockedBy) return;
  const names = await userNames(db, [section.lockedBy]);
  throw refused('lockedBy', { name: names.get(section.lockedBy) ?? '' });
}

function ensureSeen(section: DealSectionRow, baseLogLength: number): void {
  if (section.log.length !== baseLogLength) throw refused('changedMeanwhile');
}

async function lockedSection(
  tx: Tx,
  options: { dealId: string; sectionId: string },
): Promise<DealSectionRow> {
  const section = await findSection(tx, { ...options, isLocked: true });
  if (!section) throw new AppError('not_found');
  return section;
}

/** The deal as a section change left it: what the action's answer is built from. */
type AfterChange = { states: DealSectionState[]; state: DealRow['state']; modifiedAt: Date };

/**
 * After a section change: fresh negotiation stats on the deal (new becomes negotiate on the
 * first action), the event, notifications for the other party and the live events. The
 * sections are read once, without their text, for the stats and the action's answer.
 */
async function afterChange(
  platform: Platform,
  tx: Tx,
  options: {
    context: Context;
    party: PartyRole;
    /** A negotiation event: both an audit-trail code and a notification. */
    event: Extract<DocumentEventCode, NotificationEvent>;
    liveType: string;
    section?: { id: string; title: string; html?: string };
  },
): Promise<AfterChange> {
  const { context, party, event, section } = options;
  const { deal, userId } = context;
  const states = await findSectionStates(tx, deal.id);
  const stats = negotiationStats(states);
  const state = deal.state === 'new' ? 'negotiate' : deal.state;
  const modifiedAt = new Date();
  await tx
    .update(deals)
    .set({ negotiationStats: stats, state, modifiedAt })
    .where(eq(deals.id, deal.id));
  const data: Record<string, unknown> = { actorParty: party };
  if (section) {
    data.sectionTitle = section.title;
    if (section.html !== undefined) data.contentSnippet = eventSnippet(htmlToText(section.html));
  }
  await insertDealEvent(tx, {
    dealId: deal.id,
    event,
    userId,
    sectionId: section?.id ?? null,
    data,
  });
  await notifyOtherParty(platform, tx, {
    deal,
    party,
    actorId: userId,
    event,
    data: { ...data, sectionId: section?.id ?? null },
  });
  await platform.realtime.publish(tx, {
    topic: `deal:${deal.id}`,
    type: options.liveType,
    ...(section ? { data: { sectionId: section.id } } : {}),
  });
  // Everyone who sees the deal: the feed shows the action; a first action moves it to negotiate.
  await dealChanged(platform, tx, deal.id, { counts: state !== deal.state });
  return { states, state, modifiedAt };
}

/**
 * A notification of the action for each user of the other party (its own entries, workspaces
 * and groups): negotiation news is for the other side, never the actor's own.
 */
async function notifyOtherParty(
  platform: Platform,
  tx: Tx,
  options: {
    deal: DealRow;
    party: PartyRole;
    actorId: string;
    event: NotificationEvent;
    data: Record<string, unknown>;
  },
): Promise<void> {
  const { deal } = options;
  await notifyUsers(platform, tx, {
    userIds: await partyUserIds(tx, { dealId: deal.id, party: otherParty(options.party) }),
    actorId: options.actorId,
    collection: 'deals',
    documentId: deal.id,
    event: options.event,
    data: { ...options.data, dealTitle: deal.title },
  });
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** Section numbers '1', '1.1', ... for ordinary sections; parties and signers have none. */
function sectionNumbers(sections: DealSectionState[]): Map<string, string> {
  const numbers = new Map<string, string>();
  const counters = new Map<string, number>();
  for (const section of sections) {
    if (section.type !== 'normal') {
      numbers.set(section.id, '');
      continue;
    }
    const parentNumber = section.parentId ? numbers.get(section.parentId) : undefined;
    const key = parentNumber ? (section.parentId ?? '') : '';
    const next = (counters.get(key) ?? 0) + 1;
    counters.set(key, next);
    numbers.set(section.id, parentNumber ? `${parentNumber}.${next}` : String(next));
  }
  return numbers;
}

function toDealSection(
  section: DealSectionView,
  options: {
    context: Context;
    names: Map<string, string>;
    number: string;
    now: Date;
  },
): DealSection {
  const { context, names, now } = options;
  const { deal, myParty, userId } = context;
  const isActor = context.access.role === 'edit' && myParty !== null;
  const lock = isLive(section, now) && section.lockedBy ? section.lockedBy : null;
  const isLockedByOther = lock !== null && lock !== userId;
  const allows = (action: 'edit' | 'agree' | 'reopen' | 'delete') =>
    isActor &&
    myParty !== null &&
    !isLockedByOther &&
    checkSectionAction({ action, section, party: myParty, dealState: deal.state }).isAllowed;
  return {
    id: section.id,
    parentId: section.parentId,
    position: section.position,
    number: options.number,
    type: section.type,
    title: section.title,
    help: section.help,
    versionCount: section.versionCount,
    defaultContentId: section.defaultContentId,
    html: section.html,
    state: section.state === 'reopened' ? null : section.state,
    stateParty: section.stateParty,
    log: section.log.map((entry) => ({ ...entry, userName: names.get(entry.userId) ?? '' })),
    chip: sectionChip(section, deal.parties),
    lockedBy: lock ? { id: lock, name: names.get(lock) ?? '' } : null,
    isLockedByMe: lock === userId,
    canEdit: allows('edit'),
    canAgree: allows('agree') && myParty !== null && isAgreeOffered(section, myParty),
    canReopen: allows('reopen'),
    canDelete: allows('delete'),
    modifiedAt: section.modifiedAt.toISOString(),
  };
}

/** The users a section view names: its lock holder and the people of its log. */
function namedUsers(sections: DealSectionView[], also: string[] = []): Set<string> {
  const ids = new Set(also);
  for (const section of sections) {
    if (section.lockedBy) ids.add(section.lockedBy);
    for (const entry of section.log) ids.add(entry.userId);
  }
  return ids;
}

/** A section row as read whole inside an action, made into the view the answers carry. */
function viewOfRow(row: DealSectionRow): DealSectionView {
  const { content, ...columns } = row;
  return {
    ...columns,
    html: currentContent(row)?.html ?? '',
    versionCount: content.length,
  };
}

/**
 * The deal-level figures for the caller, from the deal's state and its sections' states (what a
 * section change can move; the deal's page shows them in its header and progress).
 */
function dealFigures(
  context: Context,
  options: { state: DealRow['state']; modifiedAt: Date; states: DealSectionState[] },
): DealFigures {
  const { myParty } = context;
  const stats = negotiationStats(options.states);
  const progress = dealProgress({ state: options.state, stats });
  return {
    state: options.state,
    modifiedAt: options.modifiedAt.toISOString(),
    negotiationStats: stats,
    counts: sectionCounts(options.states, myParty),
    progress,
    progressColour: progressColour(progress),
    canStartSigning: canStartSigning({
      sections: options.states,
      party: myParty,
      dealState: options.state,
      canEdit: context.access.role === 'edit' && myParty !== null,
      process: context.deal.process,
    }),
  };
}

/**
 * A section action's answer, built from what the action read and wrote (no second read of the
 * deal): the section, its number among the deal's sections, the deal's figures and the
 * caller's other sections the action unlocked. One statement, for the names it shows.
 */
async function sectionChange(
  db: DbOrTx,
  context: Context,
  options: {
    section: DealSectionView;
    after: AfterChange;
    unlockedSectionIds?: string[];
  },
): Promise<DealSectionChange> {
  const { section, after } = options;
  const names = await userNames(db, namedUsers([section]));
  const numbers = sectionNumbers(orderSections(after.states));
  return {
    section: toDealSection(section, {
      context: { ...context, deal: { ...context.deal, state: after.state } },
      names,
      number: numbers.get(section.id) ?? '',
      now: new Date(),
    }),
    deal: dealFigures(context, after),
    unlockedSectionIds: options.unlockedSectionIds ?? [],
  };
}

/** For an action that changes no section state: the deal as it was, the sections' states now. */
async function unchangedDeal(db: DbOrTx, context: Context): Promise<AfterChange> {
  return {
    states: await findSectionStates(db, context.deal.id),
    state: context.deal.state,
    modifiedAt: context.deal.modifiedAt,
  };
}

async function buildDetail(db: DbOrTx, context: Context): Promise<DealDetail> {
  const { deal, access, myParty } = context;
  const now = new Date();
  const sections = orderSections(await findSectionViews(db, deal.id));
  const names = await userNames(db, namedUsers(sections, [deal.sentBy]));
  const numbers = sectionNumbers(sections);
  const isEditable = isDealEditable(deal.state);
  const hasEdit = access.role === 'edit' && myParty !== null;
  const progress = dealProgress({ state: deal.state, stats: deal.negotiationStats });
  const isSenderEditor = hasEdit && myParty === 'sender';
  return {
    id: deal.id,
    draftId: deal.draftId,
    title: deal.title,
    abstract: deal.abstract,
    contractUid:
      deal.contractUid ||
      defaultContractUid({
        senderName: deal.parties.sender.name,
        receiverName: deal.parties.receiver.name,
        dealId: deal.id,
      }),
    parties: deal.parties,
    state: deal.state,
    beforeTrashState: deal.beforeTrashState,
    process: deal.process,
    sentBy: deal.sentBy,
    senderName: names.get(deal.sentBy) ?? '',
    sentAt: deal.sentAt?.toISOString() ?? null,
    sendQueuedAt: deal.sendQueuedAt?.toISOString() ?? null,
    signedAt: deal.signedAt?.toISOString() ?? null,
    createdAt: deal.createdAt.toISOString(),
    modifiedAt: deal.modifiedAt.toISOString(),
    negotiationStats: deal.negotiationStats,
    receiverValidated: deal.receiverValidated,
    myParty,
    role: access.role,
    canEdit: hasEdit && isEditable,
    canTrash: isSenderEditor && deal.state !== 'trash' && deal.state !== 'signed',
    canEditSettings: isSenderEditor && isEditable,
    canStartSigning: canStartSigning({
      sections,
      party: myParty,
      dealState: deal.state,
      canEdit: hasEdit,
      process: deal.process,
    }),
    isTrashed: deal.state === 'trash',
    sections: sections.map((section) =>
      toDealSection(section, { context, names, number: numbers.get(section.id) ?? '', now }),
    ),
    counts: sectionCounts(sections, myParty),
    progress,
    progressColour: progressColour(progress),
    home: homeGroupOf({
      state: deal.state,
      hasUnsignedSignerInvite: context.hasUnsignedSignature,
    }),
  };
}

/** GET /deals/:dealId: the deal as the caller's party sees it (doc-load and the editor). */
export async function getDeal(
  platform: Platform,
  options: { userId: string; dealId: string },
): Promise<DealDetail> {
  const { db } = platform.database;
  return buildDetail(db, await loadContext(db, { ...options, withViewer: true }));
}

/**
 * GET /deals/:dealId/sections/:sectionId: one section as the deal's page shows it, with the
 * deal's figures (what a browser refreshes when a live event names the section).
 */
export async function getDealSection(
  platform: Platform,
  options: SectionOptions,
): Promise<DealSectionChange> {
  const { db } = platform.database;
  const context = await loadContext(db, options);
  const section = await findSectionView(db, options);
  if (!section) throw new AppError('not_found');
  return sectionChange(db, context, { section, after: await unchangedDeal(db, context) });
}

/** GET /deals?group=: the caller's deals of one list group, newest first, a page at a time. */
export async function listDeals(
  platform: Platform,
  options: { userId: string; email: string; group: string; page: number; pageSize: number },
): Promise<DealList> {
  const { db } = platform.database;
  const { userId, page, pageSize } = options;
  const group: DealGroup = rule(() => parseDealGroup('deals', options.group));
  // The one group condition of the drawer's counters and the dashboard's widgets too.
  const where = dealGroupWhere(db, { id: userId, email: options.email }, group);
  const [total] = await db.select({ n: count() }).from(deals).where(where);
  const rows = await db
    .select({ deal: deals, party: callerPartyOn(userId, sql`${deals.id}`) })
    .from(deals)
    .where(where)
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const cards: DealCard[] = rows.map(({ deal, party }) => {
    const progress = dealProgress({ state: deal.state, stats: deal.negotiationStats });
    return {
      id: deal.id,
      title: deal.title,
      state: deal.state,
      process: deal.process,
      contractUid:
        deal.contractUid ||
        defaultContractUid({
          senderName: deal.parties.sender.name,
          receiverName: deal.parties.receiver.name,
          dealId: deal.id,
        }),
      senderName: deal.parties.sender.name,
      receiverName: deal.parties.receiver.name,
      myParty: party === 'sender' || party === 'receiver' ? party : null,
      createdAt: deal.createdAt.toISOString(),
      modifiedAt: deal.modifiedAt.toISOString(),
      signedAt: deal.signedAt?.toISOString() ?? null,
      progress,
      progressColour: progressColour(progress),
    };
  });
  return { deals: cards, total: Number(total?.n ?? 0), page, pageSize };
}

// ---------------------------------------------------------------------------------------------
// Section negotiation
// ---------------------------------------------------------------------------------------------

type SectionOptions = { userId: string; dealId: string; sectionId: string };

/** Opens a section for editing: one user, one section at a time; 'Locked by %s' otherwise. */
export async function lockDealSection(
  platform: Platform,
  options: SectionOptions,
): Promise<DealSectionChange> {
  return platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    const party = requireActor(context);
    const section = await lockedSection(tx, options);
    const now = new Date();
    await ensureNotLockedByOther(tx, section, options.userId, now);
    const check = checkSectionAction({
      action: 'edit',
      section,
      party,
      dealState: context.deal.state,
    });
    if (!check.isAllowed) throw refused(check.reason);
    await tx
      .update(dealSections)
      .set({ lockedBy: options.userId, lockedAt: now })
      .where(eq(dealSections.id, section.id));
    const unlockedSectionIds = await releaseOtherLocks(tx, {
      ...options,
      keepSectionId: section.id,
    });
    await platform.realtime.publish(tx, {
      topic: `deal:${options.dealId}`,
      type: 'section.locked',
      data: { sectionId: section.id, unlockedSectionIds },
    });
    return sectionChange(tx, context, {
      section: viewOfRow({ ...section, lockedBy: options.userId, lockedAt: now }),
      after: await unchangedDeal(tx, context),
      unlockedSectionIds,
    });
  });
}

/** Closes the caller's editor on a section (cancel). Another user's lock is left alone. */
export async function unlockDealSection(
  platform: Platform,
  options: SectionOptions,
): Promise<DealSectionChange> {
  return platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, options);
    requireActor(context);
    const section = await lockedSection(tx, options);
    const after = await unchangedDeal(tx, context);
    if (section.lockedBy !== options.userId) {
      return sectionChange(tx, context, { section: viewOfRow(section), after });
    }
    await tx
      .update(dealSections)
      .set({ lockedBy: null, lockedAt: null })
      .where(eq(dealSections.id, section.id));
    await platform.realtime.publish(tx, {
      topic: `deal:${options.dealId}`,
      type: 'section.locked',
      data: { sectionId: section.id },
    });
    return sectionChange(tx, context, {
      section: viewOfRow({ ...section, lockedBy: null, lockedAt: null }),
      after,
    });
  });
}

/** Writes a transition to the section (and lets go of its lock); returns the row as it is now. */
async function applyTransition(
  tx: Tx,
  options: {
    section: DealSectionRow;
    userId: string;
    transition: SectionTransition & { title?: string };
  },
): Promise<DealSectionRow> {
  const { section, transition, userId } = options;
  const changes = {
    state: transition.state,
    stateParty: transition.stateParty,
    log: transition.log,
    content: transition.content,
    defaultContentId: transition.defaultContentId,
    ...(transition.title !== undefined ? { title: transition.title } : {}),
    lockedBy: null,
    lockedAt: null,
    modifiedBy: userId,
    modifiedAt: new Date(),
  };
  await tx.update(dealSections).set(changes).where(eq(dealSections.id, section.id));
  return { ...section, ...changes };
}

/**
 * Saves an edit: the section becomes countered by the caller's party with the new text as a new
 * default option; unlocks. The save is based on the log length the client saw: a section that
 * changed meanwhile is refused (409) and nothing is lost on the client, which still has its text.
 */
export async function saveDealSection(
  platform: Platform,
  options: SectionOptions & { input: SaveDealSection },
): Promise<DealSectionChange> {
  const { input } = options;
  return platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    const party = requireActor(context);
    const section = await lockedSection(tx, options);
    const now = new Date();
    await ensureNotLockedByOther(tx, section, options.userId, now);
    ensureSeen(section, input.baseLogLength);
    const html = sanitizeHtml(input.html);
    const transition = rule(() =>
      counterSection({
        section,
        party,
        userId: options.userId,
        time: now,
        title: input.title,
        html,
        newContentId: randomUUID(),
        dealState: context.deal.state,
      }),
    );
    const saved = await applyTransition(tx, { section, userId: options.userId, transition });
    const after = await afterChange(platform, tx, {
      context,
      party,
      event: 'section-edit',
      liveType: 'section.changed',
      section: { id: section.id, title: transition.title, html },
    });
    return sectionChange(tx, context, { section: viewOfRow(saved), after });
  });
}

/** Agrees to the section's current version (the one the client saw). */
export function agreeDealSection(
  platform: Platform,
  options: SectionOptions & { baseLogLength: number },
): Promise<DealSectionChange> {
  return decideDealSection(platform, options, 'agree');
}

/** Opens an agreed section again for negotiation (the web asks the spec's confirmation first). */
export function reopenDealSection(
  platform: Platform,
  options: SectionOptions & { baseLogLength: number },
): Promise<DealSectionChange> {
  return decideDealSection(platform, options, 'reopen');
}

/** Agree and reopen: the same checks, one rule of the state machine, one event. */
async function decideDealSection(
  platform: Platform,
  options: SectionOptions & { baseLogLength: number },
  decision: 'agree' | 'reopen',
): Promise<DealSectionChange> {
  return platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    const party = requireActor(context);
    const section = await lockedSection(tx, options);
    const now = new Date();
    await ensureNotLockedByOther(tx, section, options.userId, now);
    ensureSeen(section, options.baseLogLength);
    const input = {
      section,
      party,
      userId: options.userId,
      time: now,
      dealState: context.deal.state,
    };
    const transition = rule(() =>
      decision === 'agree' ? agreeSection(input) : reopenSection(input),
    );
    const decided = await applyTransition(tx, { section, userId: options.userId, transition });
    const after = await afterChange(platform, tx, {
      context,
      party,
      event: decision === 'agree' ? 'section-agree' : 'section-reopen',
      liveType: 'section.changed',
      section: { id: section.id, title: section.title },
    });
    if (decision === 'agree') {
      await queueDealWebhook(platform, tx, {
        type: 'section.agreed',
        dealId: section.dealId,
        section: { id: section.id, title: section.title },
      });
    }
    return sectionChange(tx, context, { section: viewOfRow(decided), after });
  });
}

/** Adds a section proposed by the caller's party (after a section, or at the end). */
export async function createDealSection(
  platform: Platform,
  options: { userId: string; dealId: string; input: CreateDealSection },
): Promise<DealSectionChange> {
  const { input } = options;
  const id = randomUUID();
  return platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    const party = requireActor(context);
    if (!isDealEditable(context.deal.state)) throw refused('notEditable');
    // After a section: beside it, at its level. Under a parent: its last child.
    let afterPosition: number | null = null;
    let parentId: string | null = input.parentId ?? null;
    if (parentId) {
      const parent = await findSection(tx, { dealId: options.dealId, sectionId: parentId });
      if (parent?.type !== 'normal' || parent.parentId !== null) throw new AppError('not_found');
    } else if (input.afterSectionId) {
      const after = await findSection(tx, {
        dealId: options.dealId,
        sectionId: input.afterSectionId,
      });
      if (!after) throw new AppError('not_found');
      parentId = after.parentId;
      afterPosition = after.position;
    }
    const position = await makeRoomAfter(tx, { dealId: options.dealId, parentId, afterPosition });
    const html = sanitizeHtml(input.html ?? '');
    const contentId = randomUUID();
    const now = new Date();
    const title = (input.title ?? '').trim();
    const [created] = await tx
      .insert(dealSections)
      .values({
        id,
        dealId: options.dealId,
        parentId,
        position,
        type: 'normal',
        title,
        content: [{ id: contentId, html }],
        defaultContentId: contentId,
        ...newSectionState({ party, userId: options.userId, time: now, contentId }),
        createdBy: options.userId,
        modifiedBy: options.userId,
      })
      .returning();
    if (!created) throw new Error('The new section was not written');
    const after = await afterChange(platform, tx, {
      context,
      party,
      event: 'section-create',
      liveType: 'sections.changed',
      section: { id, title, html },
    });
    return sectionChange(tx, context, { section: viewOfRow(created), after });
  });
}

/** Deletes a section that is not agreed (and its sub-sections). */
export async function deleteDealSection(
  platform: Platform,
  options: SectionOptions,
): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    const party = requireActor(context);
    const section = await lockedSection(tx, options);
    await ensureNotLockedByOther(tx, section, options.userId, new Date());
    const check = checkSectionAction({
      action: 'delete',
      section,
      party,
      dealState: context.deal.state,
    });
    if (!check.isAllowed) throw refused(check.reason);
    // Its subsections go with it, so each must be deletable too: an agreed subsection or one
    // another user is editing keeps the whole section.
    const children = await tx
      .select()
      .from(dealSections)
      .where(
        and(
          eq(dealSections.dealId, options.dealId),
          eq(dealSections.parentId, section.id),
          isNull(dealSections.deletedAt),
        ),
      )
      .for('update');
    for (const child of children) {
      await ensureNotLockedByOther(tx, child, options.userId, new Date());
      const childCheck = checkSectionAction({
        action: 'delete',
        section: child,
        party,
        dealState: context.deal.state,
      });
      if (!childCheck.isAllowed) throw refused(childCheck.reason);
    }
    await tx
      .update(dealSections)
      .set({ deletedAt: new Date(), lockedBy: null, lockedAt: null, modifiedBy: options.userId })
      .where(
        and(
          eq(dealSections.dealId, options.dealId),
          or(eq(dealSections.id, section.id), eq(dealSections.parentId, section.id)),
          isNull(dealSections.deletedAt),
        ),
      );
    await afterChange(platform, tx, {
      context,
      party,
      event: 'section-delete',
      liveType: 'sections.changed',
      section: { id: section.id, title: section.title },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Versions and redline
// ---------------------------------------------------------------------------------------------

async function readableSection(platform: Platform, options: SectionOptions) {
  const { db } = platform.database;
  await loadContext(db, options);
  const section = await findSection(db, options);
  if (!section) throw new AppError('not_found');
  return section;
}

/** The versions of a section in order, each with who proposed it and when. */
export async function listSectionVersions(
  platform: Platform,
  options: SectionOptions,
): Promise<{ versions: SectionVersion[] }> {
  const section = await readableSection(platform, options);
  const names = await userNames(
    platform.database.db,
    section.log.map((entry) => entry.userId),
  );
  const current = currentContent(section)?.id;
  return {
    versions: section.content.map((option, index) => {
      const made = section.log.find(
        (entry) =>
          entry.contentId === option.id && (entry.state === 'sent' || entry.state === 'countered'),
      );
      return {
        contentId: option.id,
        index: index + 1,
        title: option.title ?? section.title,
        html: option.html,
        party: made?.party ?? null,
        userName: made ? (names.get(made.userId) ?? null) : null,
        time: made?.time ?? null,
        isCurrent: option.id === current,
      };
    }),
  };
}

/** The redline from one version of a section to another: insertions and deletions marked. */
export async function sectionRedline(
  platform: Platform,
  options: SectionOptions & { from: string; to: string },
): Promise<{ from: string; to: string; html: string; titleHtml: string | null }> {
  const section = await readableSection(platform, options);
  const from = section.content.find((option) => option.id === options.from);
  const to = section.content.find((option) => option.id === options.to);
  if (!from || !to) throw new AppError('version_not_found');
  const fromTitle = from.title ?? section.title;
  const toTitle = to.title ?? section.title;
  return {
    from: from.id,
    to: to.id,
    html: redlineHtml(from.html, to.html),
    // Only a renamed section has a title redline.
    titleHtml: fromTitle === toTitle ? null : textRedlineHtml(fromTitle, toTitle),
  };
}

// ---------------------------------------------------------------------------------------------
// Settings, trash, activity
// ---------------------------------------------------------------------------------------------

/** The deal settings dialog: title, abstract, contract id and parties (sender party, edit). */
export async function updateDealSettings(
  platform: Platform,
  options: { userId: string; dealId: string; input: DealSettings },
): Promise<DealDetail> {
  await platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    const party = requireActor(context);
    if (party !== 'sender') throw refused('onlySenderSettings');
    if (!isDealEditable(context.deal.state)) throw refused('notEditable');
    const { deal } = context;
    const { input } = options;
    const changes: Partial<typeof deals.$inferInsert> = {};
    if (input.title !== undefined && input.title !== deal.title) changes.title = input.title;
    if (input.abstract !== undefined && input.abstract !== deal.abstract) {
      changes.abstract = input.abstract;
    }
    if (input.contractUid !== undefined && input.contractUid !== (deal.contractUid ?? '')) {
      changes.contractUid = input.contractUid || null;
    }
    if (input.parties && JSON.stringify(input.parties) !== JSON.stringify(deal.parties)) {
      // The receiver's details, once they confirmed them, are theirs: they go into the signed
      // contract as the receiver stated them.
      const isReceiverChanged =
        canonicalJson(input.parties.receiver) !== canonicalJson(deal.parties.receiver);
      if (isReceiverChanged && deal.receiverValidated) throw refused('receiverDetailsConfirmed');
      changes.parties = input.parties;
    }
    const fields = Object.keys(changes);
    if (fields.length === 0) return;
    await tx
      .update(deals)
      .set({ ...changes, modifiedAt: new Date() })
      .where(eq(deals.id, deal.id));
    await insertDealEvent(tx, {
      dealId: deal.id,
      event: 'document-settings',
      userId: options.userId,
      data: { actorParty: party, fields },
    });
    await notifyOtherParty(platform, tx, {
      deal: { ...deal, title: changes.title ?? deal.title },
      party,
      actorId: options.userId,
      event: 'document-settings',
      data: { actorParty: party, fields, sectionId: null },
    });
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'document.changed' });
    await dealChanged(platform, tx, deal.id, { counts: false });
  });
  return getDeal(platform, options);
}

/**
 * Trashes a deal: the sender party with edit access only; not a signed or trashed deal. The
 * previous state is kept in beforeTrashState and the deal's invite links stop working.
 */
export async function trashDeal(
  platform: Platform,
  options: { userId: string; dealId: string },
): Promise<DealDetail> {
  await platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    if (context.access.role !== 'edit' || context.myParty !== 'sender') {
      throw refused('onlySenderTrash');
    }
    const { deal } = context;
    if (deal.state === 'trash') throw refused('alreadyTrashed');
    if (deal.state === 'signed') throw refused('signedNoTrash');
    const now = new Date();
    await tx
      .update(deals)
      .set({ state: 'trash', beforeTrashState: deal.state, modifiedAt: now })
      .where(eq(deals.id, deal.id));
    await tx
      .update(dealInvites)
      .set({ revokedAt: now })
      .where(and(eq(dealInvites.dealId, deal.id), isNull(dealInvites.revokedAt)));
    await tx
      .update(dealSections)
      .set({ lockedBy: null, lockedAt: null })
      .where(eq(dealSections.dealId, deal.id));
    await insertDealEvent(tx, {
      dealId: deal.id,
      event: 'document-trash',
      userId: options.userId,
      data: { actorParty: 'sender', beforeTrashState: deal.state },
    });
    await notifyOtherParty(platform, tx, {
      deal,
      party: 'sender',
      actorId: options.userId,
      event: 'document-trash',
      data: {},
    });
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'document.changed' });
    await queueDealWebhook(platform, tx, { type: 'deal.trashed', dealId: deal.id });
    await dealChanged(platform, tx, deal.id, { counts: true });
  });
  return getDeal(platform, options);
}

/**
 * Recovers a trashed deal to the state it had (support, on a user's request: the trashed banner
 * asks users to contact support). Product administrators only, with a reason for the admin event
 * log; the deal's parties are told. The deal row is locked first, so of two admins restoring it
 * at once one restores and the other finds it no longer trashed.
 */
export async function restoreDeal(
  platform: Platform,
  options: {
    user: { id: string; isAdmin: boolean; emailVerified: boolean; email: string };
    dealId: string;
    reason: string;
    ipAddress?: string | null;
  },
): Promise<{ id: string; state: DealRow['state'] }> {
  if (!isProductAdmin(platform, options.user)) throw new AppError('forbidden');
  return platform.database.db.transaction(async (tx) => {
    // SELECT … FOR UPDATE: a concurrent restore waits here and then sees the restored state.
    const deal = await findDeal(tx, options.dealId, true);
    if (!deal) throw new AppError('not_found');
    if (deal.state !== 'trash') throw refused('notTrashed');
    const state = deal.beforeTrashState ?? 'negotiate';
    await tx
      .update(deals)
      .set({ state, beforeTrashState: null, modifiedAt: new Date() })
      .where(eq(deals.id, deal.id));
    await insertDealEvent(tx, {
      dealId: deal.id,
      event: 'document-restore',
      userId: options.user.id,
      data: { restoredState: state },
    });
    await logAdminAction(tx, {
      adminId: options.user.id,
      action: 'deal.restored',
      target: { kind: 'deal', id: deal.id, label: deal.title },
      reason: options.reason,
      ipAddress: options.ipAddress ?? null,
      data: { restoredState: state },
    });
    // Support restored it on a user's request: both parties hear of it.
    await notifyUsers(platform, tx, {
      userIds: await dealAudienceIds(tx, deal.id),
      actorId: options.user.id,
      collection: 'deals',
      documentId: deal.id,
      event: 'document-restore',
      data: { dealTitle: deal.title },
    });
    await platform.realtime.publish(tx, { topic: `deal:${deal.id}`, type: 'document.changed' });
    await dealChanged(platform, tx, deal.id, { counts: true });
    return { id: deal.id, state };
  });
}

/**
 * The activity feed, newest first, 100 a page: events without a party or of the caller's own
 * party; document-open events are not shown.
 */
export async function listDealEvents(
  platform: Platform,
  options: { userId: string; dealId: string; cursor?: string },
): Promise<{ events: DealEvent[]; nextCursor: string | null }> {
  const { db } = platform.database;
  const context = await loadContext(db, options);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const createdAtText = microsecondText(documentEvents.createdAt);
  const rows = await db
    .select({
      id: documentEvents.id,
      event: documentEvents.event,
      party: documentEvents.party,
      sectionId: documentEvents.sectionId,
      data: documentEvents.data,
      createdAt: createdAtText,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(documentEvents)
    .leftJoin(users, eq(users.id, documentEvents.userId))
    .where(
      and(
        eq(documentEvents.collection, 'deals'),
        eq(documentEvents.documentId, context.deal.id),
        ne(documentEvents.event, 'document-open'),
        context.myParty
          ? or(isNull(documentEvents.party), eq(documentEvents.party, context.myParty))
          : isNull(documentEvents.party),
        after ? beforeCursor(documentEvents.createdAt, documentEvents.id, after) : undefined,
      ),
    )
    .orderBy(desc(documentEvents.createdAt), desc(documentEvents.id))
    .limit(DEAL_EVENTS_PAGE_SIZE + 1);
  const page = rows.slice(0, DEAL_EVENTS_PAGE_SIZE);
  const last = page[page.length - 1];
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const partyValue = (value: unknown): PartyRole | null =>
    value === 'sender' || value === 'receiver' ? value : null;
  return {
    events: page.map((row) => ({
      id: row.id,
      event: row.event,
      party: row.party,
      actorParty: partyValue(row.data.actorParty),
      sectionId: row.sectionId,
      sectionTitle: text(row.data.sectionTitle),
      contentSnippet: text(row.data.contentSnippet),
      userInfo:
        row.firstname !== null && row.lastname !== null
          ? { firstname: row.firstname, lastname: row.lastname }
          : null,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    nextCursor:
      rows.length > DEAL_EVENTS_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** The realtime authoriser of `deal:<id>`: any access to the deal. */
export async function canWatchDeal(
  platform: Platform,
  options: { userId: string; dealId: string },
): Promise<boolean> {
  try {
    await requireAccess(platform.database.db, {
      collection: 'deals',
      documentId: options.dealId,
      userId: options.userId,
    });
    return true;
  } catch (error) {
    // Only a refusal is a no; a database that failed answers nothing, and the caller keeps the
    // subscription (a blip must not unsubscribe everyone watching).
    if (error instanceof AppError) return false;
    throw error;
  }
}

import type { DocumentEventCode } from '@pactum/core/document-events';
import type { PartyRole } from '@pactum/core/documents';
import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { union, unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  dealInvites,
  dealSections,
  dealSigners,
  deals,
  documentAccess,
  users,
  workspaceGroupMembers,
  workspaceGroups,
  workspaceMembers,
} from '../../db/schema';
import { type AccessEntry, accessEntriesOf } from '../sharing/access';
import { appendEvent } from '../signing/audit-chain';

/** Deal rows and section rows as stored. */
export type DealRow = typeof deals.$inferSelect;
export type DealSectionRow = typeof dealSections.$inferSelect;

/** The deal; `isLocked` takes the row lock so concurrent writes to one deal queue. */
export async function findDeal(
  db: DbOrTx,
  dealId: string,
  isLocked = false,
): Promise<DealRow | undefined> {
  const query = db.select().from(deals).where(eq(deals.id, dealId));
  const [deal] = isLocked ? await query.for('update') : await query;
  return deal;
}

/** The deal's sections that are not deleted. */
const liveSectionsOf = (dealId: string) =>
  and(eq(dealSections.dealId, dealId), isNull(dealSections.deletedAt));

/** One section of the deal, if it is not deleted. */
const oneLiveSection = (options: { dealId: string; sectionId: string }) =>
  and(eq(dealSections.id, options.sectionId), liveSectionsOf(options.dealId));

/** Sections as stored: by position, then by when they were made. */
const storedOrder = [asc(dealSections.position), asc(dealSections.createdAt)] as const;

/**
 * A section as the deal's reads need it: every column but the versions, with the current
 * version's text and the number of versions worked out in the database (a section's versions
 * are most of a deal's bytes; they are read on their own route).
 */
export type DealSectionView = Omit<DealSectionRow, 'content'> & {
  html: string;
  versionCount: number;
};

const { content: _versions, ...viewColumns } = getTableColumns(dealSections);

/** The current version's text: the default option, else the last (core `currentContent`). */
const currentHtml = sql<string>`coalesce(
  (SELECT option->>'html' FROM jsonb_array_elements("deal_section"."content") AS option
    WHERE option->>'id' = "deal_section"."default_content_id" LIMIT 1),
  "deal_section"."content"->-1->>'html', '')`;

const sectionView = {
  ...viewColumns,
  html: currentHtml,
  versionCount: sql<number>`jsonb_array_length("deal_section"."content")`.mapWith(Number),
};

/** The deal's live sections as views (current text only), in stored order. */
export function findSectionViews(db: DbOrTx, dealId: string): Promise<DealSectionView[]> {
  return db
    .select(sectionView)
    .from(dealSections)
    .where(liveSectionsOf(dealId))
    .orderBy(...storedOrder);
}

/** One live section of the deal as a view. */
export async function findSectionView(
  db: DbOrTx,
  options: { dealId: string; sectionId: string },
): Promise<DealSectionView | undefined> {
  const [section] = await db.select(sectionView).from(dealSections).where(oneLiveSection(options));
  return section;
}

/** A section's place and negotiation state: what numbering, counts and progress are made of. */
export type DealSectionState = Pick<
  DealSectionRow,
  'id' | 'parentId' | 'position' | 'type' | 'state' | 'stateParty' | 'log' | 'defaultContentId'
>;

/** The deal's live sections' places and states (no text), in stored order. */
export function findSectionStates(db: DbOrTx, dealId: string): Promise<DealSectionState[]> {
  return db
    .select({
      id: dealSections.id,
      parentId: dealSections.parentId,
      position: dealSections.position,
      type: dealSections.type,
      state: dealSections.state,
      stateParty: dealSections.stateParty,
      log: dealSections.log,
      defaultContentId: dealSections.defaultContentId,
    })
    .from(dealSections)
    .where(liveSectionsOf(dealId))
    .orderBy(...storedOrder);
}

/**
 * The deal with the caller's access entries to it in one statement (`isLocked` takes the deal's
 * row lock). `withViewer` adds what only the deal's own page shows: whether the caller still
 * has a signature to give on it.
 */
export async function findDealForUser(
  db: DbOrTx,
  options: { dealId: string; userId: string; isLocked?: boolean; withViewer?: boolean },
): Promise<{ deal: DealRow; access: AccessEntry[]; hasUnsignedSignature: boolean } | undefined> {
  const query = db
    .select({
      deal: deals,
      access: accessEntriesOf({
        collection: 'deals',
        documentId: sql`"deal"."id"`,
        userId: options.userId,
      }),
      hasUnsignedSignature: options.withViewer
        ? sql<boolean>`EXISTS (SELECT 1 FROM ${dealSigners}
            WHERE "deal_signer"."deal_id" = "deal"."id"
              AND "deal_signer"."user_id" = ${options.userId}
              AND "deal_signer"."state" = 'new')`
        : sql<boolean>`false`,
    })
    .from(deals)
    .where(eq(deals.id, options.dealId));
  const [row] = options.isLocked ? await query.for('update', { of: deals }) : await query;
  return row;
}

/** The deal's sections that are not deleted, in order. */
export function findSections(db: DbOrTx, dealId: string): Promise<DealSectionRow[]> {
  return db
    .select()
    .from(dealSections)
    .where(liveSectionsOf(dealId))
    .orderBy(...storedOrder);
}

export async function findSection(
  db: DbOrTx,
  options: { dealId: string; sectionId: string; isLocked?: boolean },
): Promise<DealSectionRow | undefined> {
  const query = db.select().from(dealSections).where(oneLiveSection(options));
  const [section] = options.isLocked ? await query.for('update') : await query;
  return section;
}

/** Display names of users by id. */
export async function userNames(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(users)
    .where(inArray(users.id, list));
  return new Map(
    rows.map((row) => [row.id, `${row.firstname} ${row.lastname}`.trim() || row.name]),
  );
}

/** How a user reaches a deal, in the order access is resolved: own entry, workspace, group. */
const SOURCE_RANK = { user: 0, workspace: 1, group: 2 } as const;

/**
 * The party each user who reaches the deal acts for: through their own entry, a workspace they
 * belong to or a live group they are in, resolved in the same order as `resolveAccess` (their
 * own entry first). A user whose entries of the winning kind name both parties belongs to
 * neither here, so nothing meant for one side can reach someone who may act for the other.
 */
export async function dealPartyUsers(db: DbOrTx, dealId: string): Promise<Map<string, PartyRole>> {
  const onDeal = and(eq(documentAccess.collection, 'deals'), eq(documentAccess.documentId, dealId));
  const direct = db
    .select({
      userId: sql<string>`${documentAccess.userId}`.as('user_id'),
      party: documentAccess.party,
      rank: sql<number>`${sql.raw(String(SOURCE_RANK.user))}`.as('rank'),
    })
    .from(documentAccess)
    .where(and(onDeal, isNotNull(documentAccess.userId)));
  const byWorkspace = db
    .select({
      userId: workspaceMembers.userId,
      party: documentAccess.party,
      rank: sql<number>`${sql.raw(String(SOURCE_RANK.workspace))}`.as('rank'),
    })
    .from(documentAccess)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, documentAccess.workspaceId))
    .where(onDeal);
  const byGroup = db
    .select({
      userId: workspaceGroupMembers.userId,
      party: documentAccess.party,
      rank: sql<number>`${sql.raw(String(SOURCE_RANK.group))}`.as('rank'),
    })
    .from(documentAccess)
    .innerJoin(
      workspaceGroups,
      and(eq(workspaceGroups.id, documentAccess.groupId), isNull(workspaceGroups.deletedAt)),
    )
    .innerJoin(workspaceGroupMembers, eq(workspaceGroupMembers.groupId, workspaceGroups.id))
    .where(onDeal);
  const rows = await unionAll(direct, byWorkspace, byGroup);
  const best = new Map<string, { rank: number; parties: Set<string | null> }>();
  for (const row of rows) {
    const rank = Number(row.rank);
    const known = best.get(row.userId);
    if (!known || rank < known.rank) best.set(row.userId, { rank, parties: new Set([row.party]) });
    else if (rank === known.rank) known.parties.add(row.party);
  }
  const parties = new Map<string, PartyRole>();
  for (const [userId, { parties: named }] of best) {
    const [party] = named;
    if (named.size === 1 && (party === 'sender' || party === 'receiver'))
      parties.set(userId, party);
  }
  return parties;
}

/**
 * The users of one party of the deal (the people a notification for that side is for): its own
 * user entries and the members of its workspaces and live groups, each resolved as above.
 */
export async function partyUserIds(
  db: DbOrTx,
  options: { dealId: string; party: PartyRole },
): Promise<string[]> {
  const parties = await dealPartyUsers(db, options.dealId);
  return [...parties].flatMap(([userId, party]) => (party === options.party ? [userId] : []));
}

/**
 * Everyone a deal's signing news is for: the users of both parties and the accounts bound to its
 * live signer slots (a named signer outside both parties reaches the deal through their slot).
 */
export async function dealAudienceIds(db: DbOrTx, dealId: string): Promise<string[]> {
  const ids = new Set((await dealPartyUsers(db, dealId)).keys());
  const signers = await db
    .select({ userId: dealSigners.userId })
    .from(dealSigners)
    .where(
      and(
        eq(dealSigners.dealId, dealId),
        isNotNull(dealSigners.userId),
        isNull(dealSigners.revokedAt),
      ),
    );
  for (const signer of signers) if (signer.userId) ids.add(signer.userId);
  return [...ids];
}

/**
 * Everyone whose lists, widgets and drawer counters can hold the deal (`visibleDeals`): the users
 * its access entries reach (their own entries, members of its workspaces and of its live groups,
 * either party, also those whose entries name both sides), its sender, and the accounts bound to
 * its live signer slots. A slot that names an address but is bound to nobody counts only on a
 * deal its account reaches anyway (`hasSignatureToGive` within `visibleDeals`), so it adds nobody.
 */
export async function dealViewerIds(db: DbOrTx, dealId: string): Promise<string[]> {
  const onDeal = and(eq(documentAccess.collection, 'deals'), eq(documentAccess.documentId, dealId));
  const direct = db
    .select({ userId: sql<string>`${documentAccess.userId}`.as('user_id') })
    .from(documentAccess)
    .where(and(onDeal, isNotNull(documentAccess.userId)));
  const byWorkspace = db
    .select({ userId: workspaceMembers.userId })
    .from(documentAccess)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, documentAccess.workspaceId))
    .where(onDeal);
  const byGroup = db
    .select({ userId: workspaceGroupMembers.userId })
    .from(documentAccess)
    .innerJoin(
      workspaceGroups,
      and(eq(workspaceGroups.id, documentAccess.groupId), isNull(workspaceGroups.deletedAt)),
    )
    .innerJoin(workspaceGroupMembers, eq(workspaceGroupMembers.groupId, workspaceGroups.id))
    .where(onDeal);
  const sender = db.select({ userId: deals.sentBy }).from(deals).where(eq(deals.id, dealId));
  const signers = db
    .select({ userId: sql<string>`${dealSigners.userId}`.as('user_id') })
    .from(dealSigners)
    .where(
      and(
        eq(dealSigners.dealId, dealId),
        isNotNull(dealSigners.userId),
        isNull(dealSigners.revokedAt),
      ),
    );
  const rows = await union(direct, byWorkspace, byGroup, sender, signers);
  return rows.map((row) => row.userId);
}

/**
 * Who the receiver's side of a just-made deal is, as far as it can be known: the users reaching
 * the receiver party (its entries, workspaces and groups), the accounts bound to the receiver's
 * signer slots (a verified address named as a signer), and the accounts whose verified address
 * a live invite names (their mailbox gets the invite; opening it makes them the receiver).
 * Anyone who acts for the sender is left out.
 */
export async function receiverAudienceIds(db: DbOrTx, dealId: string): Promise<string[]> {
  const parties = await dealPartyUsers(db, dealId);
  const ids = new Set([...parties].flatMap(([id, party]) => (party === 'receiver' ? [id] : [])));
  const signers = await db
    .select({ userId: dealSigners.userId })
    .from(dealSigners)
    .where(
      and(
        eq(dealSigners.dealId, dealId),
        eq(dealSigners.party, 'receiver'),
        isNotNull(dealSigners.userId),
        isNull(dealSigners.revokedAt),
      ),
    );
  const invited = await db
    .select({ userId: users.id })
    .from(dealInvites)
    .innerJoin(
      users,
      and(eq(users.email, sql`lower(${dealInvites.email})`), eq(users.emailVerified, true)),
    )
    .where(and(eq(dealInvites.dealId, dealId), isNull(dealInvites.revokedAt)));
  for (const row of [...signers, ...invited]) if (row.userId) ids.add(row.userId);
  return [...ids].filter((id) => parties.get(id) !== 'sender');
}

/** Records a document event on a deal. Negotiation events have no party: both sides see them. */
export async function insertDealEvent(
  db: DbOrTx,
  event: {
    dealId: string;
    event: DocumentEventCode;
    userId: string;
    party?: PartyRole | null;
    sectionId?: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await appendEvent(db, {
    collection: 'deals',
    documentId: event.dealId,
    event: event.event,
    party: event.party ?? null,
    sectionId: event.sectionId ?? null,
    userId: event.userId,
    data: event.data ?? {},
  });
}

/**
 * The position for a new section among its siblings (same parent): right after `afterPosition`
 * (later siblings move down one), or after the last sibling. Children count from 101.
 */
export async function makeRoomAfter(
  db: DbOrTx,
  options: { dealId: string; parentId: string | null; afterPosition: number | null },
): Promise<number> {
  const siblings = and(
    eq(dealSections.dealId, options.dealId),
    options.parentId === null
      ? isNull(dealSections.parentId)
      : eq(dealSections.parentId, options.parentId),
  );
  if (options.afterPosition === null) {
    const [row] = await db
      .select({ max: sql<number | null>`max(${dealSections.position})` })
      .from(dealSections)
      .where(and(siblings, ne(dealSections.type, 'signers')));
    const first = options.parentId === null ? 1 : 101;
    return row?.max === null || row?.max === undefined ? first : Number(row.max) + 1;
  }
  await db
    .update(dealSections)
    .set({ position: sql`${dealSections.position} + 1` })
    .where(and(siblings, sql`${dealSections.position} > ${options.afterPosition}`));
  return options.afterPosition + 1;
}

/** Lets go of the user's edit locks on the deal's other sections (one section in edit at a time). */
export async function releaseOtherLocks(
  db: DbOrTx,
  options: { dealId: string; userId: string; keepSectionId: string },
): Promise<string[]> {
  const released = await db
    .update(dealSections)
    .set({ lockedBy: null, lockedAt: null })
    .where(
      and(
        eq(dealSections.dealId, options.dealId),
        eq(dealSections.lockedBy, options.userId),
        ne(dealSections.id, options.keepSectionId),
      ),
    )
    .returning({ id: dealSections.id });
  return released.map((row) => row.id);
}

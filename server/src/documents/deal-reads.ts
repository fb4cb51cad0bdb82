import type { PartyRole } from '@pactum/core/documents';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
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
} from '../db/schema';

/*
 * A deal as many areas read it: its row, its live sections, and who reaches it (each user's
 * party, the audience of its signing news, everyone whose lists hold it, the receiver's side).
 * Negotiation's own reads stay in `features/deals/queries.ts`.
 */

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
export const liveSectionsOf = (dealId: string) =>
  and(eq(dealSections.dealId, dealId), isNull(dealSections.deletedAt));

/** Sections as stored: by position, then by when they were made. */
export const storedOrder = [asc(dealSections.position), asc(dealSections.createdAt)] as const;

/** The deal's sections that are not deleted, in order. */
export function findSections(db: DbOrTx, dealId: string): Promise<DealSectionRow[]> {
  return db
    .select()
    .from(dealSections)
    .where(liveSectionsOf(dealId))
    .orderBy(...storedOrder);
}

/** How a user reaches a deal, in the order access is resolved: own entry, workspace, group. */
const SOURCE_RANK = { user: 0, workspace: 1, group: 2 } as const;
/** The rank of those who hold a deal but not through an access entry: its sender, its signers. */
const NOT_BY_ACCESS = 9;

/**
 * The party each user who reaches the deal acts for: through their own entry, a workspace they
 * belong to or a live group they are in, resolved in the same order as `resolveAccess` (their
 * own entry first). A user whose entries of the winning kind name both parties belongs to
 * neither here, so nothing meant for one side can reach someone who may act for the other.
 */
export async function dealPartyUsers(db: DbOrTx, dealId: string): Promise<Map<string, PartyRole>> {
  return partiesOf(await unionAll(...accessRows(db, dealId)));
}

/** A row of who reaches a deal: the user, the party their entry names, how they reach it. */
type ReaderRow = { userId: string; party: string | null; rank: number };

/** Those reached through the deal's access entries: own entries, workspaces, live groups. */
function accessRows(db: DbOrTx, dealId: string) {
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
  return [direct, byWorkspace, byGroup] as const;
}

/** Each user's party from their access rows: the best-ranked kind of entry decides. */
function partiesOf(rows: readonly ReaderRow[]): Map<string, PartyRole> {
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
  return usersOfParty(await dealPartyUsers(db, options.dealId), options.party);
}

/** The users whose party (of `dealPartyUsers` or `dealReaders`) is `party`. */
export function usersOfParty(parties: ReadonlyMap<string, PartyRole>, party: PartyRole): string[] {
  return [...parties].flatMap(([userId, own]) => (own === party ? [userId] : []));
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
  return (await dealReaders(db, dealId)).viewerIds;
}

/**
 * Who a change to a deal is news for, in one statement: each user's party (`dealPartyUsers`)
 * and everyone whose lists hold the deal (`dealViewerIds`).
 */
export async function dealReaders(
  db: DbOrTx,
  dealId: string,
): Promise<{ parties: Map<string, PartyRole>; viewerIds: string[] }> {
  const sender = db
    .select({
      userId: sql<string>`${deals.sentBy}`.as('user_id'),
      party: sql<(typeof documentAccess.$inferSelect)['party']>`NULL::text`.as('party'),
      rank: sql<number>`${sql.raw(String(NOT_BY_ACCESS))}`.as('rank'),
    })
    .from(deals)
    .where(and(eq(deals.id, dealId), isNotNull(deals.sentBy)));
  const signers = db
    .select({
      userId: sql<string>`${dealSigners.userId}`.as('user_id'),
      party: sql<(typeof documentAccess.$inferSelect)['party']>`NULL::text`.as('party'),
      rank: sql<number>`${sql.raw(String(NOT_BY_ACCESS))}`.as('rank'),
    })
    .from(dealSigners)
    .where(
      and(
        eq(dealSigners.dealId, dealId),
        isNotNull(dealSigners.userId),
        isNull(dealSigners.revokedAt),
      ),
    );
  const rows = await unionAll(...accessRows(db, dealId), sender, signers);
  return {
    parties: partiesOf(rows.filter((row) => Number(row.rank) !== NOT_BY_ACCESS)),
    viewerIds: [...new Set(rows.map((row) => row.userId))],
  };
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
  const ids = new Set(usersOfParty(parties, 'receiver'));
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

import type { DocumentEventCode } from '@pactum/core/document-events';
import type { PartyRole } from '@pactum/core/documents';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  dealSections,
  dealSigners,
  deals,
  documentAccess,
  notifications,
  users,
} from '../../db/schema';
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

/** The deal's sections that are not deleted, in order. */
export function findSections(db: DbOrTx, dealId: string): Promise<DealSectionRow[]> {
  return db
    .select()
    .from(dealSections)
    .where(and(eq(dealSections.dealId, dealId), isNull(dealSections.deletedAt)))
    .orderBy(asc(dealSections.position), asc(dealSections.createdAt));
}

export async function findSection(
  db: DbOrTx,
  options: { dealId: string; sectionId: string; isLocked?: boolean },
): Promise<DealSectionRow | undefined> {
  const query = db
    .select()
    .from(dealSections)
    .where(
      and(
        eq(dealSections.id, options.sectionId),
        eq(dealSections.dealId, options.dealId),
        isNull(dealSections.deletedAt),
      ),
    );
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

/** Users with their own access row on the deal for a party (the people a notification is for). */
export async function partyUserIds(
  db: DbOrTx,
  options: { dealId: string; party: PartyRole },
): Promise<string[]> {
  const rows = await db
    .select({ userId: documentAccess.userId })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, 'deals'),
        eq(documentAccess.documentId, options.dealId),
        eq(documentAccess.party, options.party),
        isNotNull(documentAccess.userId),
      ),
    );
  return rows.flatMap((row) => (row.userId ? [row.userId] : []));
}

/** Everyone with their own access row on the deal (their drawer counts follow its state). */
export async function dealUserIds(db: DbOrTx, dealId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: documentAccess.userId })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, 'deals'),
        eq(documentAccess.documentId, dealId),
        isNotNull(documentAccess.userId),
      ),
    );
  return [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
}

/** Whether the user is a signer of the deal who has not signed yet. */
export async function hasUnsignedSignature(
  db: DbOrTx,
  options: { dealId: string; userId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: dealSigners.id })
    .from(dealSigners)
    .where(
      and(
        eq(dealSigners.dealId, options.dealId),
        eq(dealSigners.userId, options.userId),
        eq(dealSigners.state, 'new'),
      ),
    )
    .limit(1);
  return row !== undefined;
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

/** Notification rows for users about a deal event. */
export async function insertNotifications(
  db: DbOrTx,
  options: { userIds: string[]; dealId: string; event: string; data: Record<string, unknown> },
): Promise<void> {
  if (options.userIds.length === 0) return;
  await db.insert(notifications).values(
    options.userIds.map((userId) => ({
      userId,
      collection: 'deals' as const,
      documentId: options.dealId,
      event: options.event,
      data: options.data,
    })),
  );
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

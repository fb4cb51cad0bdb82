import type { DocumentEventCode } from '@pactum/core/document-events';
import type { PartyRole } from '@pactum/core/documents';
import { and, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealSections, dealSigners, deals, users } from '../../db/schema';
import { type AccessEntry, accessEntriesOf } from '../../documents/access';
import { appendEvent } from '../../documents/audit-chain';
import {
  type DealRow,
  type DealSectionRow,
  liveSectionsOf,
  storedOrder,
} from '../../documents/deal-reads';

/** One section of the deal, if it is not deleted. */
const oneLiveSection = (options: { dealId: string; sectionId: string }) =>
  and(eq(dealSections.id, options.sectionId), liveSectionsOf(options.dealId));

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

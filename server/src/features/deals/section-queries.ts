import type { SectionTransition } from '@pactum/core/deals';
import { and, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { dealSections, users } from '../../db/schema';
import { type DealSectionRow, liveSectionsOf, storedOrder } from '../../documents/deal-reads';
import { type NamedUser, namesOf } from './queries';

/*
 * The SQL of a deal's sections: the views and states the deal's reads are built from, and the
 * writes of the section actions.
 */

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

/**
 * What a section action reads, in one statement once it holds the deal's row: the section
 * whole (row-locked), every live section's place and state for the deal's figures, and the
 * names the answer shows (the section's editors, its lock holder and the caller).
 */
export async function findSectionForWrite(
  tx: Tx,
  options: { dealId: string; sectionId: string; userId: string },
): Promise<
  { section: DealSectionRow; states: DealSectionState[]; names: Map<string, string> } | undefined
> {
  const states = sql<DealSectionState[]>`(SELECT coalesce(json_agg(json_build_object(
      'id', s.id, 'parentId', s.parent_id, 'position', s.position, 'type', s.type,
      'state', s.state, 'stateParty', s.state_party, 'log', s.log,
      'defaultContentId', s.default_content_id) ORDER BY s.position, s.created_at), '[]')
    FROM ${dealSections} s WHERE s.deal_id = ${options.dealId} AND s.deleted_at IS NULL)`;
  const named = sql<NamedUser[]>`(SELECT coalesce(json_agg(json_build_object('id', u.id,
      'name', u.name, 'firstname', u.firstname, 'lastname', u.lastname)), '[]')
    FROM ${users} u WHERE u.id = ${options.userId} OR u.id = "deal_section"."locked_by"
      OR u.id IN (SELECT (entry->>'userId')::uuid
        FROM jsonb_array_elements("deal_section"."log") AS entry))`;
  const [row] = await tx
    .select({ section: getTableColumns(dealSections), states, named })
    .from(dealSections)
    .where(oneLiveSection(options))
    .for('update');
  if (!row) return undefined;
  return { section: row.section, states: row.states, names: namesOf(row.named) };
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

export async function findSection(
  db: DbOrTx,
  options: { dealId: string; sectionId: string; isLocked?: boolean },
): Promise<DealSectionRow | undefined> {
  const query = db.select().from(dealSections).where(oneLiveSection(options));
  const [section] = options.isLocked ? await query.for('update') : await query;
  return section;
}

/** The live sub-sections of a section, row-locked. */
export function findLiveChildrenLocked(
  tx: Tx,
  options: { dealId: string; parentId: string },
): Promise<DealSectionRow[]> {
  return tx
    .select()
    .from(dealSections)
    .where(
      and(
        eq(dealSections.dealId, options.dealId),
        eq(dealSections.parentId, options.parentId),
        isNull(dealSections.deletedAt),
      ),
    )
    .for('update');
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

/** Writes a new section; returns its row. */
export async function insertSection(
  tx: Tx,
  values: typeof dealSections.$inferInsert,
): Promise<DealSectionRow> {
  const [created] = await tx.insert(dealSections).values(values).returning();
  if (!created) throw new Error('The new section was not written');
  return created;
}

/** Sets or clears the edit lock of one section. */
export async function setSectionLock(
  db: DbOrTx,
  sectionId: string,
  lock: { lockedBy: string | null; lockedAt: Date | null },
): Promise<void> {
  await db.update(dealSections).set(lock).where(eq(dealSections.id, sectionId));
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

/**
 * A transition's write to the section (it lets go of the section's lock), not yet sent: an
 * action sends it with the deal's own write (`afterTransition`). With the row as it will be.
 */
export function transitionWrite(
  tx: Tx,
  options: {
    section: DealSectionRow;
    userId: string;
    transition: SectionTransition & { title?: string };
  },
) {
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
  const write = tx.update(dealSections).set(changes).where(eq(dealSections.id, section.id));
  const row: DealSectionRow = { ...section, ...changes };
  return { write, row };
}

/** The deal's section states with one section's replaced by its row as written. */
export function statesWith(states: DealSectionState[], row: DealSectionRow): DealSectionState[] {
  return states.map((state) =>
    state.id === row.id
      ? {
          ...state,
          state: row.state,
          stateParty: row.stateParty,
          log: row.log,
          defaultContentId: row.defaultContentId,
        }
      : state,
  );
}

/** Marks a section and its sub-sections deleted, letting go of their locks. */
export async function deleteSectionAndChildren(
  tx: Tx,
  options: { dealId: string; sectionId: string; userId: string },
): Promise<void> {
  await tx
    .update(dealSections)
    .set({ deletedAt: new Date(), lockedBy: null, lockedAt: null, modifiedBy: options.userId })
    .where(
      and(
        eq(dealSections.dealId, options.dealId),
        or(eq(dealSections.id, options.sectionId), eq(dealSections.parentId, options.sectionId)),
        isNull(dealSections.deletedAt),
      ),
    );
}

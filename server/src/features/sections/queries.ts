import type { DocumentEventCode } from '@pactum/core/document-events';
import type { SectionCollection, SectionPlace } from '@pactum/core/templates';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  documentEvents,
  draftSections,
  drafts,
  templateSections,
  templates,
  users,
} from '../../db/schema';

/*
 * The SQL of template and draft sections. Both tables share their section columns (schema
 * `sectionColumns`), so the queries below use the template table's column types for either;
 * only the document column (`templateId` / `draftId`) differs.
 */

type SectionTable = typeof templateSections;
export type SectionRow = typeof templateSections.$inferSelect;

const stores = {
  templates: {
    table: templateSections,
    documentColumn: templateSections.templateId,
    documentKey: 'templateId',
    documentTable: templates,
  },
  drafts: {
    table: draftSections as unknown as SectionTable,
    documentColumn: draftSections.draftId as unknown as typeof templateSections.templateId,
    documentKey: 'draftId',
    documentTable: drafts as unknown as typeof templates,
  },
} as const;

const store = (collection: SectionCollection) => stores[collection];

/** The sections of a document (not deleted), with the names of their lock holders. */
export async function selectSectionRows(
  db: DbOrTx,
  collection: SectionCollection,
  documentId: string,
) {
  const { table, documentColumn } = store(collection);
  return db
    .select({ section: table, lockedByName: users.name })
    .from(table)
    .leftJoin(users, eq(users.id, table.lockedBy))
    .where(and(eq(documentColumn, documentId), isNull(table.deletedAt)));
}

/** One section row (not deleted), row-locked. */
export async function findSectionRowLocked(
  tx: Tx,
  collection: SectionCollection,
  sectionId: string,
): Promise<SectionRow | undefined> {
  const { table } = store(collection);
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.id, sectionId), isNull(table.deletedAt)))
    .for('update');
  return row;
}

/** Serialises section changes of one document: structure changes renumber the whole list. */
export async function lockDocumentRow(tx: Tx, collection: SectionCollection, documentId: string) {
  const { documentTable } = store(collection);
  await tx
    .select({ id: documentTable.id })
    .from(documentTable)
    .where(eq(documentTable.id, documentId))
    .for('update');
}

/** Writes the places (parent and position) that differ from the sections' current ones. */
export async function applyPlaces(
  tx: Tx,
  collection: SectionCollection,
  current: Array<{ id: string; parentId: string | null; position: number }>,
  places: SectionPlace[],
) {
  const { table } = store(collection);
  const before = new Map(current.map((section) => [section.id, section]));
  for (const place of places) {
    const old = before.get(place.id);
    if (old && old.parentId === place.parentId && old.position === place.position) continue;
    await tx
      .update(table)
      .set({ parentId: place.parentId, position: place.position })
      .where(eq(table.id, place.id));
  }
}

/** Sets the document's modified time and modifier. */
export async function touchDocument(
  tx: Tx,
  collection: SectionCollection,
  documentId: string,
  userId: string,
) {
  const { documentTable } = store(collection);
  await tx
    .update(documentTable)
    .set({ modifiedAt: new Date(), modifiedBy: userId })
    .where(eq(documentTable.id, documentId));
}

/** Whether the user has an event of this kind on the document since the given time. */
export async function hasRecentEvent(
  db: DbOrTx,
  options: {
    collection: 'templates' | 'drafts';
    documentId: string;
    userId: string;
    event: DocumentEventCode;
    since: Date;
  },
): Promise<boolean> {
  const [recent] = await db
    .select({ id: documentEvents.id })
    .from(documentEvents)
    .where(
      and(
        eq(documentEvents.collection, options.collection),
        eq(documentEvents.documentId, options.documentId),
        eq(documentEvents.userId, options.userId),
        eq(documentEvents.event, options.event),
        gt(documentEvents.createdAt, options.since),
      ),
    )
    .limit(1);
  return Boolean(recent);
}

/** A section row to write; the document column is set from the collection. */
export type NewSectionRow = Omit<typeof templateSections.$inferInsert, 'templateId'> & {
  /** A draft section's template section (drafts only). */
  templateSectionId?: string;
};

/** Writes new sections of one document (nothing when there are none). */
export async function insertSections(
  db: DbOrTx,
  collection: SectionCollection,
  documentId: string,
  rows: NewSectionRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const { table, documentKey } = store(collection);
  await db.insert(table).values(
    rows.map(
      (row) =>
        ({
          ...row,
          [documentKey]: documentId,
        }) as unknown as typeof templateSections.$inferInsert,
    ),
  );
}

/** Writes changes to one section. */
export async function updateSection(
  tx: Tx,
  collection: SectionCollection,
  sectionId: string,
  changes: Partial<typeof templateSections.$inferInsert>,
) {
  const { table } = store(collection);
  await tx.update(table).set(changes).where(eq(table.id, sectionId));
}

/** Lets go of every edit lock the user holds in the document. */
export async function releaseUserLocks(
  tx: Tx,
  collection: SectionCollection,
  options: { documentId: string; userId: string },
) {
  const { table, documentColumn } = store(collection);
  await tx
    .update(table)
    .set({ lockedBy: null, lockedAt: null })
    .where(and(eq(documentColumn, options.documentId), eq(table.lockedBy, options.userId)));
}

/** Lets go of the user's edit lock on one section; the ids of the sections let go of. */
export function releaseSectionLock(
  tx: Tx,
  collection: SectionCollection,
  options: { sectionId: string; userId: string },
): Promise<Array<{ id: string }>> {
  const { table } = store(collection);
  return tx
    .update(table)
    .set({ lockedBy: null, lockedAt: null })
    .where(and(eq(table.id, options.sectionId), eq(table.lockedBy, options.userId)))
    .returning({ id: table.id });
}

/** Marks sections deleted, letting go of their locks. */
export async function markSectionsDeleted(
  tx: Tx,
  collection: SectionCollection,
  sectionIds: string[],
) {
  const { table } = store(collection);
  await tx
    .update(table)
    .set({ deletedAt: new Date(), lockedBy: null, lockedAt: null })
    .where(inArray(table.id, sectionIds));
}

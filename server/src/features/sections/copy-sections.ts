import { randomUUID } from 'node:crypto';
import type { SectionCollection } from '@pactum/core/templates';
import type { DbOrTx } from '../../db/client';
import type { templateSections } from '../../db/schema';
import { insertSections, type NewSectionRow, selectSectionRows } from './queries';

/**
 * Copies every section of one document to another (template → template copy, template →
 * draft, draft → template), with new ids, the same tree and no locks. Runs in the caller's
 * transaction. Returns the map of old section ids to new ones.
 */
export async function copySections(
  tx: DbOrTx,
  options: {
    from: { collection: SectionCollection; documentId: string };
    to: { collection: SectionCollection; documentId: string };
    userId: string;
  },
): Promise<Map<string, string>> {
  const rows = (await selectSectionRows(tx, options.from.collection, options.from.documentId)).map(
    (row) => row.section,
  );
  const copies = copySectionRows(rows);
  const values = copies.map(
    ({ sourceId, ...copy }): NewSectionRow => ({
      ...copy,
      createdBy: options.userId,
      modifiedBy: options.userId,
      ...(options.to.collection === 'drafts' && options.from.collection === 'templates'
        ? { templateSectionId: sourceId }
        : {}),
    }),
  );
  await insertSections(tx, options.to.collection, options.to.documentId, values);
  return new Map(copies.map((copy) => [copy.sourceId, copy.id]));
}

/**
 * Section rows with new ids, each child under the copy of its parent, ready for one batch
 * insert; `sourceId` names the row each was copied from (spec 2 §4.4).
 */
export function copySectionRows<S extends typeof templateSections.$inferSelect>(
  rows: readonly Pick<
    S,
    | 'id'
    | 'parentId'
    | 'position'
    | 'type'
    | 'title'
    | 'help'
    | 'content'
    | 'defaultContentId'
    | 'editLock'
  >[],
) {
  const ids = new Map(rows.map((row) => [row.id, randomUUID()]));
  return rows.map((row) => ({
    id: ids.get(row.id) ?? randomUUID(),
    sourceId: row.id,
    parentId: row.parentId ? (ids.get(row.parentId) ?? null) : null,
    position: row.position,
    type: row.type,
    title: row.title,
    help: row.help,
    content: row.content,
    defaultContentId: row.defaultContentId,
    editLock: row.editLock,
  }));
}

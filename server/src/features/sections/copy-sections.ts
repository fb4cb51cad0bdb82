import { randomUUID } from 'node:crypto';
import type { SectionCollection } from '@pactum/core/templates';
import type { DbOrTx } from '../../db/client';
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
  const ids = new Map(rows.map((row) => [row.id, randomUUID()]));
  const values = rows.map(
    (row): NewSectionRow => ({
      id: ids.get(row.id),
      parentId: row.parentId ? (ids.get(row.parentId) ?? null) : null,
      position: row.position,
      type: row.type,
      title: row.title,
      help: row.help,
      content: row.content,
      defaultContentId: row.defaultContentId,
      editLock: row.editLock,
      createdBy: options.userId,
      modifiedBy: options.userId,
      ...(options.to.collection === 'drafts' && options.from.collection === 'templates'
        ? { templateSectionId: row.id }
        : {}),
    }),
  );
  await insertSections(tx, options.to.collection, options.to.documentId, values);
  return ids;
}

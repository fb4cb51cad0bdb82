import { randomUUID } from 'node:crypto';
import type { templateSections } from '../../db/schema';

/**
 * Copies section rows to new ids, keeping each child under the copy of its parent, in one
 * batch insert (spec 2 §4.4).
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

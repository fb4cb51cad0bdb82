import { isSectionLockLive } from '@pactum/core/section-lock';
import {
  orderSections,
  type Section,
  type SectionCollection,
  sectionNumbers,
} from '@pactum/core/templates';
import type { DbOrTx } from '../../db/client';
import { type SectionRow, selectSectionRows } from './queries';

const isLive = (row: { lockedBy: string | null; lockedAt: Date | null }, now = Date.now()) =>
  isSectionLockLive(row, now);

function toSections(rows: Array<{ section: SectionRow; lockedByName: string | null }>): Section[] {
  const ordered = orderSections(rows.map((row) => row.section));
  const numbers = sectionNumbers(ordered);
  const names = new Map(rows.map((row) => [row.section.id, row.lockedByName]));
  const now = Date.now();
  return ordered.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    position: row.position,
    type: row.type,
    title: row.title,
    help: row.help,
    content: row.content,
    defaultContentId: row.defaultContentId,
    editLock: row.editLock,
    lockedBy:
      row.lockedBy && isLive(row, now) ? { id: row.lockedBy, name: names.get(row.id) ?? '' } : null,
    number: numbers.get(row.id) ?? '',
    modifiedAt: row.modifiedAt.toISOString(),
  }));
}

/** The sections of a document in document order, numbered ('1', '1.1'). No access check. */
export async function listSections(
  db: DbOrTx,
  collection: SectionCollection,
  documentId: string,
): Promise<Section[]> {
  return toSections(await selectSectionRows(db, collection, documentId));
}

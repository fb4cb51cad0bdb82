import { randomUUID } from 'node:crypto';
import type { SectionType } from '@pactum/core/documents';
import type { SectionCollection } from '@pactum/core/templates';
import type { DbOrTx } from '../../db/client';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { insertSections, type NewSectionRow } from './queries';

/** A section to create: its kind, title, one content HTML (sanitised here) and subsections. */
export type NewSection = {
  type: SectionType;
  title: string;
  html?: string;
  help?: string;
  children?: NewSection[];
};

/**
 * Creates a document's sections in the given order: top-level sections 1.., children 101..
 * (used by template creation, the seed, imports and copies). Runs in the caller's transaction.
 */
export async function insertSectionTree(
  tx: DbOrTx,
  options: {
    collection: SectionCollection;
    documentId: string;
    userId: string;
    sections: NewSection[];
  },
): Promise<void> {
  const values: NewSectionRow[] = [];
  const add = (section: NewSection, parentId: string | null, position: number) => {
    const id = randomUUID();
    const optionId = randomUUID();
    values.push({
      id,
      parentId,
      position,
      type: section.type,
      title: section.title,
      help: section.help ? sanitizeHtml(section.help) : null,
      content: [{ id: optionId, html: sanitizeHtml(section.html ?? '') }],
      defaultContentId: optionId,
      createdBy: options.userId,
      modifiedBy: options.userId,
    });
    return id;
  };
  options.sections.forEach((section, index) => {
    const parentId = add(section, null, index + 1);
    section.children?.forEach((child, childIndex) => {
      add(child, parentId, 101 + childIndex);
    });
  });
  await insertSections(tx, options.collection, options.documentId, values);
}

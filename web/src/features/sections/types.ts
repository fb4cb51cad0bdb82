import type { ContentOption } from '@pactum/core/documents';
import type { SectionCollection } from '@pactum/core/templates';

/** A document that is edited section by section: its collection and id. */
export type SectionDocument = { collection: SectionCollection; documentId: string };

/** What the editor of one section changes: PUT …/sections/:sectionId. */
export type SectionValues = {
  title: string;
  help: string;
  content: ContentOption[];
  defaultContentId: string;
};

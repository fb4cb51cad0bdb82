import type { sectionListSchema } from '@pactum/core/api/sections';
import type { sectionSchema } from '@pactum/core/api/templates';
import type { Wire } from '@pactum/core/api/wire';
import type { ContentOption } from '@pactum/core/documents';
import type { SectionCollection } from '@pactum/core/templates';

/** One section of a template or a draft as the section routes (and the details) answer it. */
export type Section = Wire<typeof sectionSchema>;

/** POST …/sections/:sectionId/move: the renumbered sections. */
export type MovedSections = Wire<typeof sectionListSchema>;

/** A document that is edited section by section: its collection and id. */
export type SectionDocument = { collection: SectionCollection; documentId: string };

/** What the editor of one section changes: PUT …/sections/:sectionId. */
export type SectionValues = {
  title: string;
  help: string;
  content: ContentOption[];
  defaultContentId: string;
};

import type { Section } from '@pactum/core/templates';

/** Who holds a live lock anywhere in the document (a template's `lockedBy`), or null. */
export function documentLockHolder(sections: Section[]) {
  return sections.find((section) => section.lockedBy)?.lockedBy ?? null;
}

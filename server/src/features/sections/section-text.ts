import { htmlToText } from '@pactum/core/html-text';
import type { Section } from '@pactum/core/templates';

/** The plain text of a section's default option (for search, snippets and events). */
export function sectionText(section: Pick<Section, 'content' | 'defaultContentId'>): string {
  const option =
    section.content.find((candidate) => candidate.id === section.defaultContentId) ??
    section.content[0];
  return option ? htmlToText(option.html) : '';
}

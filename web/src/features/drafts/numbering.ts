/**
 * Draft numbering (spec 2 §2.2): a numbered section shows as '§ n' (subsections '§ n.m'), the
 * parties and signers blocks carry no number; attachments are 'A n'.
 */
export function sectionNumber(section: { number: string }): string {
  return section.number ? `§ ${section.number}` : '';
}

/** A section's line in the table of contents: its number and title. */
export function sectionLabel(section: { number: string; title: string }, untitled: string): string {
  return [sectionNumber(section), section.title || untitled].filter(Boolean).join(' ');
}

/** An attachment's number by its place in the list (1-based). */
export function attachmentNumber(index: number): string {
  return `A ${index + 1}`;
}

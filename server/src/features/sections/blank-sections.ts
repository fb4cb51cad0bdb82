import type { NewSection } from './insert-section-tree';

/** The three sections a new blank document starts with: parties, one section, signers. */
export const blankSections = (): NewSection[] => [
  { type: 'parties', title: 'Parties' },
  { type: 'normal', title: '' },
  { type: 'signers', title: 'Signatures' },
];

import type { AuditEventSection } from '@pactum/core/document-events';
import type { DbOrTx } from '../../db/client';
import { type NumberedSections, numberedDealSections } from './contract-content';

/** The deal's sections by id as the audit trail names them: the number now and the title. */
export type SectionLabels = ReadonlyMap<string, AuditEventSection>;

/** The deal's current sections, numbered as the document shows them. */
export async function dealSectionLabels(db: DbOrTx, dealId: string): Promise<SectionLabels> {
  return sectionLabels(await numberedDealSections(db, dealId));
}

/** The labels of sections already read and numbered (`numberSections`). */
export function sectionLabels({ ordered, numbers }: NumberedSections): SectionLabels {
  return new Map(
    ordered.map((row) => [row.id, { number: numbers.get(row.id) ?? '', title: row.title }]),
  );
}

/**
 * The section an event is about: its title when the event was written (a section event keeps
 * it in `data.sectionTitle`) or else its title now, and its number now. A removed section has
 * no number; an event without a section, or about a removed one it kept no title of, has none.
 */
export function eventSection(
  event: { sectionId: string | null; data: Record<string, unknown> },
  labels: SectionLabels,
): AuditEventSection | null {
  if (!event.sectionId) return null;
  const current = labels.get(event.sectionId);
  const title =
    typeof event.data.sectionTitle === 'string' ? event.data.sectionTitle : (current?.title ?? '');
  const number = current?.number ?? '';
  return title || number ? { number, title } : null;
}

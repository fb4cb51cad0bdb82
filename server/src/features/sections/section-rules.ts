import { type Section, sectionErrorCodes, type TemplateMessageKey } from '@pactum/core/templates';
import { AppError } from '../../http/app-error';

/* The checks a section change makes: the section is there, and nobody else has it open. */

/** A refused section rule as the API answers it. */
export const fail = (key: TemplateMessageKey) =>
  new AppError(
    Object.hasOwn(sectionErrorCodes, key)
      ? sectionErrorCodes[key as keyof typeof sectionErrorCodes]
      : 'validation_failed',
  );

/** The section of the list with the given id; 404 when there is none. */
export async function findSection(sections: Section[], sectionId: string): Promise<Section> {
  const section = sections.find((candidate) => candidate.id === sectionId);
  if (!section) throw new AppError('not_found');
  return section;
}

/** 'Locked by %s' when someone else holds a live lock on the section. */
export function refuseOthersLock(section: Section, callerId: string) {
  if (section.lockedBy && section.lockedBy.id !== callerId) {
    throw new AppError('section_locked', { name: section.lockedBy.name });
  }
}

import {
  checkSectionAction,
  currentContent,
  type DealSection,
  isAgreeOffered,
  sectionChip,
} from '@pactum/core/deals';
import type { DealSectionRow } from '../../documents/deal-reads';
import type { DealContext } from './deal-context';
import type { DealSectionState, DealSectionView } from './section-queries';
import { isLive } from './section-rules';

/* A section as the deal's page shows it to the caller: its number, names, lock and actions. */

/** Section numbers '1', '1.1', ... for ordinary sections; parties and signers have none. */
export function sectionNumbers(sections: DealSectionState[]): Map<string, string> {
  const numbers = new Map<string, string>();
  const counters = new Map<string, number>();
  for (const section of sections) {
    if (section.type !== 'normal') {
      numbers.set(section.id, '');
      continue;
    }
    const parentNumber = section.parentId ? numbers.get(section.parentId) : undefined;
    const key = parentNumber ? (section.parentId ?? '') : '';
    const next = (counters.get(key) ?? 0) + 1;
    counters.set(key, next);
    numbers.set(section.id, parentNumber ? `${parentNumber}.${next}` : String(next));
  }
  return numbers;
}

export function toDealSection(
  section: DealSectionView,
  options: {
    context: DealContext;
    names: Map<string, string>;
    number: string;
    now: Date;
  },
): DealSection {
  const { context, names, now } = options;
  const { deal, myParty, userId } = context;
  const isActor = context.access.role === 'edit' && myParty !== null;
  const lock = isLive(section, now) && section.lockedBy ? section.lockedBy : null;
  const isLockedByOther = lock !== null && lock !== userId;
  const allows = (action: 'edit' | 'agree' | 'reopen' | 'delete') =>
    isActor &&
    myParty !== null &&
    !isLockedByOther &&
    checkSectionAction({ action, section, party: myParty, dealState: deal.state }).isAllowed;
  return {
    id: section.id,
    parentId: section.parentId,
    position: section.position,
    number: options.number,
    type: section.type,
    title: section.title,
    help: section.help,
    versionCount: section.versionCount,
    defaultContentId: section.defaultContentId,
    html: section.html,
    state: section.state === 'reopened' ? null : section.state,
    stateParty: section.stateParty,
    log: section.log.map((entry) => ({ ...entry, userName: names.get(entry.userId) ?? '' })),
    chip: sectionChip(section, deal.parties),
    lockedBy: lock ? { id: lock, name: names.get(lock) ?? '' } : null,
    isLockedByMe: lock === userId,
    canEdit: allows('edit'),
    canAgree: allows('agree') && myParty !== null && isAgreeOffered(section, myParty),
    canReopen: allows('reopen'),
    canDelete: allows('delete'),
    modifiedAt: section.modifiedAt.toISOString(),
  };
}

/** The users a section view names: its lock holder and the people of its log. */
export function namedUsers(sections: DealSectionView[], also: string[] = []): Set<string> {
  const ids = new Set(also);
  for (const section of sections) {
    if (section.lockedBy) ids.add(section.lockedBy);
    for (const entry of section.log) ids.add(entry.userId);
  }
  return ids;
}

/** A section row as read whole inside an action, made into the view the answers carry. */
export function viewOfRow(row: DealSectionRow): DealSectionView {
  const { content, ...columns } = row;
  return {
    ...columns,
    html: currentContent(row)?.html ?? '',
    versionCount: content.length,
  };
}

import { checkSectionAction } from '@pactum/core/deals';
import type { PartyRole } from '@pactum/core/documents';
import { isSectionLockLive } from '@pactum/core/section-lock';
import type { DbOrTx, Tx } from '../../db/client';
import type { DealSectionRow } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import { type DealContext, loadContext, requireActor, type SectionOptions } from './deal-context';
import { userNames } from './queries';
import { refused } from './refusals';
import { type DealSectionState, findSection, findSectionForWrite } from './section-queries';

/* The checks a section action makes on the section it acts on: its edit lock and its log. */

type LockColumns = Pick<DealSectionRow, 'lockedBy' | 'lockedAt'>;

export const isLive = (section: LockColumns, now: Date) => isSectionLockLive(section, now);

/** Refuses when another user holds a live edit lock on the section: 'Locked by %s'. */
export async function ensureNotLockedByOther(
  db: DbOrTx,
  section: LockColumns,
  userId: string,
  now: Date,
): Promise<void> {
  if (!isLive(section, now) || section.lockedBy === userId || !section.lockedBy) return;
  const names = await userNames(db, [section.lockedBy]);
  throw refused('lockedBy', { name: names.get(section.lockedBy) ?? '' });
}

/** Refuses an action the section's state machine does not allow the party now. */
export function ensureAllowed(options: Parameters<typeof checkSectionAction>[0]): void {
  const check = checkSectionAction(options);
  if (!check.isAllowed) throw refused(check.reason);
}

export function ensureSeen(section: DealSectionRow, baseLogLength: number): void {
  if (section.log.length !== baseLogLength) throw refused('changedMeanwhile');
}

export async function lockedSection(
  tx: Tx,
  options: { dealId: string; sectionId: string },
): Promise<DealSectionRow> {
  const section = await findSection(tx, { ...options, isLocked: true });
  if (!section) throw new AppError('not_found');
  return section;
}

/**
 * The start of a write to a section: the deal row locked with the caller's access, the acting
 * party, the section row locked with the deal's section states and the names its answer shows
 * (see findSectionForWrite); refused while another user holds the section's edit lock.
 */
export async function startSectionWrite(
  tx: Tx,
  options: SectionOptions,
): Promise<{
  context: DealContext;
  party: PartyRole;
  section: DealSectionRow;
  states: DealSectionState[];
  names: Map<string, string>;
  now: Date;
}> {
  const context = await loadContext(tx, { ...options, isLocked: true });
  const party = requireActor(context);
  const found = await findSectionForWrite(tx, options);
  if (!found) throw new AppError('not_found');
  const { section, states, names } = found;
  const now = new Date();
  if (isLive(section, now) && section.lockedBy && section.lockedBy !== options.userId) {
    throw refused('lockedBy', { name: names.get(section.lockedBy) ?? '' });
  }
  return { context, party, section, states, names, now };
}

import {
  canStartSigning,
  type DealFigures,
  type DealSectionChange,
  dealProgress,
  negotiationStats,
  progressColour,
  sectionCounts,
} from '@pactum/core/deals';
import { orderSections } from '@pactum/core/templates';
import type { DbOrTx } from '../../db/client';
import type { DealRow } from '../../documents/deal-reads';
import type { DealContext } from './deal-context';
import { userNames } from './queries';
import { type DealSectionState, type DealSectionView, findSectionStates } from './section-queries';
import { namedUsers, sectionNumbers, toDealSection } from './section-view';

/** The deal as a section change left it: what the action's answer is built from. */
export type AfterChange = { states: DealSectionState[]; state: DealRow['state']; modifiedAt: Date };

/**
 * The deal-level figures for the caller, from the deal's state and its sections' states (what a
 * section change can move; the deal's page shows them in its header and progress).
 */
function dealFigures(
  context: DealContext,
  options: { state: DealRow['state']; modifiedAt: Date; states: DealSectionState[] },
): DealFigures {
  const { myParty } = context;
  const stats = negotiationStats(options.states);
  const progress = dealProgress({ state: options.state, stats });
  return {
    state: options.state,
    modifiedAt: options.modifiedAt.toISOString(),
    negotiationStats: stats,
    counts: sectionCounts(options.states, myParty),
    progress,
    progressColour: progressColour(progress),
    canStartSigning: canStartSigning({
      sections: options.states,
      party: myParty,
      dealState: options.state,
      canEdit: context.access.role === 'edit' && myParty !== null,
      process: context.deal.process,
    }),
  };
}

/**
 * A section action's answer, built from what the action read and wrote (no second read of the
 * deal): the section, its number among the deal's sections, the deal's figures and the
 * caller's other sections the action unlocked. One statement, for the names it shows.
 */
export async function sectionChange(
  db: DbOrTx,
  context: DealContext,
  options: {
    section: DealSectionView;
    after: AfterChange;
    unlockedSectionIds?: string[];
    /** Names the action has read already; a name missing from them is read here. */
    names?: ReadonlyMap<string, string>;
  },
): Promise<DealSectionChange> {
  const { section, after } = options;
  const wanted = namedUsers([section]);
  const known = options.names;
  const names =
    known && [...wanted].every((id) => known.has(id))
      ? new Map(known)
      : await userNames(db, wanted);
  const numbers = sectionNumbers(orderSections(after.states));
  return {
    section: toDealSection(section, {
      context: { ...context, deal: { ...context.deal, state: after.state } },
      names,
      number: numbers.get(section.id) ?? '',
      now: new Date(),
    }),
    deal: dealFigures(context, after),
    unlockedSectionIds: options.unlockedSectionIds ?? [],
  };
}

/**
 * For an action that changes no section state: the deal as it was, the sections' states now
 * (those the action read, else read here).
 */
export async function unchangedDeal(
  db: DbOrTx,
  context: DealContext,
  states?: DealSectionState[],
): Promise<AfterChange> {
  return {
    states: states ?? (await findSectionStates(db, context.deal.id)),
    state: context.deal.state,
    modifiedAt: context.deal.modifiedAt,
  };
}

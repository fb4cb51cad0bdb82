import { agreeSection, type DealSectionChange, reopenSection } from '@pactum/core/deals';
import type { Platform } from '../../platform/platform';
import { queueDealWebhook } from '../webhooks';
import { afterTransition } from './after-change';
import type { SectionOptions } from './deal-context';
import { rule } from './refusals';
import { sectionChange } from './section-change';
import { ensureSeen, startSectionWrite } from './section-rules';
import { viewOfRow } from './section-view';

/** Agree and reopen: the same checks, one rule of the state machine, one event. */
export async function decideDealSection(
  platform: Platform,
  options: SectionOptions & { baseLogLength: number },
  decision: 'agree' | 'reopen',
): Promise<DealSectionChange> {
  return platform.database.db.transaction(async (tx) => {
    const { context, party, section, states, names, now } = await startSectionWrite(tx, options);
    ensureSeen(section, options.baseLogLength);
    const input = {
      section,
      party,
      userId: options.userId,
      time: now,
      dealState: context.deal.state,
    };
    const transition = rule(() =>
      decision === 'agree' ? agreeSection(input) : reopenSection(input),
    );
    const { row: decided, after } = await afterTransition(platform, tx, {
      context,
      party,
      event: decision === 'agree' ? 'section-agree' : 'section-reopen',
      liveType: 'section.changed',
      section: { id: section.id, title: section.title },
      row: section,
      states,
      transition,
    });
    if (decision === 'agree') {
      await queueDealWebhook(platform, tx, {
        type: 'section.agreed',
        dealId: section.dealId,
        section: { id: section.id, title: section.title },
      });
    }
    return sectionChange(tx, context, { section: viewOfRow(decided), after, names });
  });
}

import { randomUUID } from 'node:crypto';
import { counterSection, type DealSectionChange, type SaveDealSection } from '@pactum/core/deals';
import { sanitizeHtml } from '../../platform/html/sanitize';
import type { Platform } from '../../platform/platform';
import { afterTransition } from './after-change';
import type { SectionOptions } from './deal-context';
import { rule } from './refusals';
import { sectionChange } from './section-change';
import { ensureSeen, startSectionWrite } from './section-rules';
import { viewOfRow } from './section-view';

/**
 * Saves an edit: the section becomes countered by the caller's party with the new text as a new
 * default option; unlocks. The save is based on the log length the client saw: a section that
 * changed meanwhile is refused (409) and nothing is lost on the client, which still has its text.
 */
export async function saveDealSection(
  platform: Platform,
  options: SectionOptions & { input: SaveDealSection },
): Promise<DealSectionChange> {
  const { input } = options;
  return platform.database.db.transaction(async (tx) => {
    const { context, party, section, states, names, now } = await startSectionWrite(tx, options);
    ensureSeen(section, input.baseLogLength);
    const html = sanitizeHtml(input.html);
    const transition = rule(() =>
      counterSection({
        section,
        party,
        userId: options.userId,
        time: now,
        title: input.title,
        html,
        newContentId: randomUUID(),
        dealState: context.deal.state,
      }),
    );
    const { row: saved, after } = await afterTransition(platform, tx, {
      context,
      party,
      event: 'section-edit',
      liveType: 'section.changed',
      section: { id: section.id, title: transition.title, html },
      row: section,
      states,
      transition,
    });
    return sectionChange(tx, context, { section: viewOfRow(saved), after, names });
  });
}

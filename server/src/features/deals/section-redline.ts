import { redlineHtml, textRedlineHtml } from '@pactum/core/deals';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { readableSection, type SectionOptions } from './deal-context';

/** The redline from one version of a section to another: insertions and deletions marked. */
export async function sectionRedline(
  platform: Platform,
  options: SectionOptions & { from: string; to: string },
): Promise<{ from: string; to: string; html: string; titleHtml: string | null }> {
  const section = await readableSection(platform, options);
  const from = section.content.find((option) => option.id === options.from);
  const to = section.content.find((option) => option.id === options.to);
  if (!from || !to) throw new AppError('version_not_found');
  const fromTitle = from.title ?? section.title;
  const toTitle = to.title ?? section.title;
  return {
    from: from.id,
    to: to.id,
    html: redlineHtml(from.html, to.html),
    // Only a renamed section has a title redline.
    titleHtml: fromTitle === toTitle ? null : textRedlineHtml(fromTitle, toTitle),
  };
}

import { currentContent, type SectionVersion } from '@pactum/core/deals';
import type { Platform } from '../../platform/platform';
import { readableSection, type SectionOptions } from './deal-context';
import { userNames } from './queries';

/** The versions of a section in order, each with who proposed it and when. */
export async function listSectionVersions(
  platform: Platform,
  options: SectionOptions,
): Promise<{ versions: SectionVersion[] }> {
  const section = await readableSection(platform, options);
  const names = await userNames(
    platform.database.db,
    section.log.map((entry) => entry.userId),
  );
  const current = currentContent(section)?.id;
  return {
    versions: section.content.map((option, index) => {
      const made = section.log.find(
        (entry) =>
          entry.contentId === option.id && (entry.state === 'sent' || entry.state === 'countered'),
      );
      return {
        contentId: option.id,
        index: index + 1,
        title: option.title ?? section.title,
        html: option.html,
        party: made?.party ?? null,
        userName: made ? (names.get(made.userId) ?? null) : null,
        time: made?.time ?? null,
        isCurrent: option.id === current,
      };
    }),
  };
}

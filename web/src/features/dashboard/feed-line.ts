import { feedEventTexts } from '@pactum/core/dashboard';
import type { Lang } from '@pactum/core/validation';
import type { FeedItem } from './types';

/** A quoted section title as each language writes quotes. */
const quoted: Record<Lang, (text: string) => string> = {
  en: (text) => `“${text}”`,
  fi: (text) => `”${text}”`,
};

/**
 * What a line of 'Latest changes by others' says: the actor, the event in the shared wording
 * (`feedEventTexts`) and, for a section's event, the section's title in quotes. An actor whose
 * account is gone is named `unknownActor`. 'Is signed by all parties' is the document's news,
 * not the last signer's act: it stands alone (the line's second row names the document).
 */
export function feedLineText(
  lang: Lang,
  item: Pick<FeedItem, 'actorName' | 'event' | 'sectionTitle'>,
  unknownActor: string,
): string {
  if (item.event === 'signing-complete') return feedEventTexts[lang][item.event];
  const actor = item.actorName.trim() || unknownActor;
  const text = `${actor} ${feedEventTexts[lang][item.event]}`;
  return item.sectionTitle ? `${text} ${quoted[lang](item.sectionTitle)}` : text;
}

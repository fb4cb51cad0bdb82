import { negotiationMessages, negotiationMessagesFi } from '@pactum/core/deals';
import { draftMessages } from '@pactum/core/drafts';
import { fileMessages, fileMessagesFi } from '@pactum/core/files';
import { importMessages } from '@pactum/core/imports';
import { sendPdfMessages, signingMessages } from '@pactum/core/signing';
import { templateMessages } from '@pactum/core/templates';
import type { Lang } from '@pactum/core/validation';

/*
 * The server answers in English with the spec's texts ('Locked by Mary Smith', 'No changes to
 * save.'). The web shows them in the user's language: each known English text is a pattern
 * (`%s` matches any value) whose translation is filled with the same values.
 */

type Catalogue = Record<Lang, Record<string, string>>;

const catalogues: Catalogue[] = [
  templateMessages,
  { en: negotiationMessages, fi: negotiationMessagesFi },
  draftMessages,
  signingMessages,
  sendPdfMessages,
  importMessages,
  { en: fileMessages, fi: fileMessagesFi },
];

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type KnownText = { pattern: RegExp; texts: Record<Lang, string> };

/** Every catalogue's texts with placeholders, longest first so the most specific one matches. */
const knownTexts: KnownText[] = catalogues
  .flatMap((catalogue) =>
    Object.keys(catalogue.en).flatMap((key) => {
      const en = catalogue.en[key];
      const fi = catalogue.fi[key];
      if (!en || !fi) return [];
      const pattern = new RegExp(`^${escapePattern(en).replaceAll('%s', '(.+)')}$`, 's');
      return [{ pattern, texts: { en, fi } }];
    }),
  )
  .sort((a, b) => b.texts.en.length - a.texts.en.length);

/**
 * A known English text of the server in `lang`, its `%s` filled with the values it carried;
 * undefined when the text is not one of the catalogues'.
 */
export function translateKnownText(message: string, lang: Lang): string | undefined {
  for (const { pattern, texts } of knownTexts) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = match.slice(1);
    let index = 0;
    return texts[lang].replace(/%s/g, () => values[index++] ?? '');
  }
  return undefined;
}

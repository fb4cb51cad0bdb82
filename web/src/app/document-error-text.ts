import { type TemplateMessageKey, templateMessages } from '@pactum/core/templates';
import type { Lang } from '@pactum/core/validation';
import { errorText } from './error-text';
import { ApiError } from './http';

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The spec's English texts of the document areas as patterns: `%s` matches any value. */
const patterns = (Object.keys(templateMessages.en) as TemplateMessageKey[]).map((key) => ({
  key,
  pattern: new RegExp(`^${escapePattern(templateMessages.en[key]).replaceAll('%s', '(.+)')}$`),
}));

/** The key and values of a known English text of templates, sections or sharing. */
export function matchDocumentText(
  message: string,
): { key: TemplateMessageKey; values: string[] } | undefined {
  for (const { key, pattern } of patterns) {
    const match = pattern.exec(message);
    if (match) return { key, values: match.slice(1) };
  }
  return undefined;
}

/** A known text of the document areas in another language, its `%s` filled with the values. */
export function translateDocumentText(message: string, lang: Lang): string | undefined {
  const known = matchDocumentText(message);
  if (!known) return undefined;
  let index = 0;
  return templateMessages[lang][known.key].replace(/%s/g, () => known.values[index++] ?? '');
}

/**
 * A failed document call's text in the user's language: the spec's texts of templates,
 * sections and sharing ('Locked by %s', 'At least one member must remain.') are translated,
 * anything else reads as the app's error text.
 */
export function documentErrorText(error: unknown, lang: Lang): string {
  if (error instanceof ApiError) {
    const text = translateDocumentText(error.message, lang);
    if (text) return text;
  }
  return errorText(error, lang);
}

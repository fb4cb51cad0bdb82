import { type ImportMessageKey, importMessages } from '@pactum/core/imports';
import type { Lang } from '@pactum/core/validation';
import { errorText } from '../../app/error-text';
import { ApiError } from '../../app/http';

const keys = Object.keys(importMessages.en) as ImportMessageKey[];

/** The import rule's message key of a server text, when it is one. */
export function importMessageKey(message: string | null | undefined): ImportMessageKey | undefined {
  return keys.find((key) => importMessages.en[key] === message);
}

/** An import's error text (stored or answered in English) in the user's language. */
export function importText(message: string | null | undefined, lang: Lang): string {
  const key = importMessageKey(message);
  return key ? importMessages[lang][key] : (message ?? importMessages[lang].conversionFailed);
}

/** A failed import call's text: the import rules translated, other errors as usual. */
export function importErrorText(error: unknown, lang: Lang): string {
  if (error instanceof ApiError) {
    const key = importMessageKey(error.message);
    if (key) return importMessages[lang][key];
  }
  return errorText(error, lang);
}

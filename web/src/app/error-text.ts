import { type ErrorCode, errorMessages, isErrorCode } from '@pactum/core/errors';
import type { Lang } from '@pactum/core/validation';
import i18next from 'i18next';
import { ApiError, LocalError } from './http';

const networkMessages: Record<Lang, string> = {
  en: 'The server could not be reached. Check your connection and try again.',
  fi: 'Palvelimeen ei saatu yhteyttä. Tarkista verkkoyhteys ja yritä uudelleen.',
};

/**
 * The error catalogue (`@pactum/core/errors`, one text per code and language with `{{name}}`
 * placeholders) as i18next's `errors` namespace. An instance of its own: it serves every page,
 * the sign-in page included, without the app's translation files.
 */
const catalogue = i18next.createInstance();
void catalogue.init({
  resources: { en: { errors: errorMessages.en }, fi: { errors: errorMessages.fi } },
  ns: ['errors'],
  defaultNS: 'errors',
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** The text of an error code in `lang`, its placeholders filled with the error's params. */
export function codeText(code: ErrorCode, lang: Lang, params: ApiError['params'] = {}): string {
  // `replace` keeps params apart from i18next's own options (a param named `count` or `lng`).
  // The app's typed keys are those of its own translation files, not of this namespace.
  const translate = catalogue.t as unknown as (key: string, options: object) => string;
  return translate(code, { lng: lang, replace: params });
}

/**
 * The text to show for a failed call in the user's language: the text of the answer's error
 * code with its params (never the server's own wording), the web's own texts for its own
 * failures. `fallback` replaces the generic text of unexpected failures.
 */
export function errorText(error: unknown, lang: Lang, fallback?: string): string {
  if (error instanceof LocalError) return error.texts[lang];
  if (!(error instanceof ApiError)) return fallback ?? codeText('internal', lang);
  if (error.code === 'network_error') return networkMessages[lang];
  if (fallback && (error.code === 'internal' || !isErrorCode(error.code))) return fallback;
  // A code this web does not know yet (a newer server): its English text is better than none.
  if (!isErrorCode(error.code)) return error.message || codeText('internal', lang);
  return codeText(error.code, lang, error.params);
}

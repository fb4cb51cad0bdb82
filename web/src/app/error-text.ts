import { ssoProviderNames } from '@pactum/core/auth';
import { type ErrorCode, errorMessages } from '@pactum/core/errors';
import type { Lang } from '@pactum/core/validation';
import { ApiError } from './http';
import { translateKnownText } from './known-texts';

const networkMessages: Record<Lang, string> = {
  en: 'The server could not be reached. Check your connection and try again.',
  fi: 'Palvelimeen ei saatu yhteyttä. Tarkista verkkoyhteys ja yritä uudelleen.',
};

function isKnownCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorMessages.en, code);
}

/** The provider named in the server's English protected-domain text ('… the Google sign in.'). */
function providerIn(message: string): string {
  return Object.values(ssoProviderNames).find((name) => message.includes(name)) ?? 'SSO';
}

/**
 * The text to show for a failed call in the user's language: the server's own (English)
 * message in English; in Finnish the translation of the spec's texts the server uses
 * ('Locked by %s', 'No changes to save.'), else that of the error code (`errorMessages`).
 * `fallback` replaces the generic text of unexpected failures.
 */
export function errorText(error: unknown, lang: Lang, fallback?: string): string {
  if (!(error instanceof ApiError)) {
    // The web's own failures that carry a spec text ('Invalid response from …') show it.
    const known = error instanceof Error ? translateKnownText(error.message, lang) : undefined;
    return known ?? fallback ?? errorMessages[lang].internal;
  }
  if (error.code === 'network_error') return networkMessages[lang];
  if (fallback && (error.code === 'internal' || !isKnownCode(error.code))) return fallback;
  if (!isKnownCode(error.code)) return error.message || errorMessages[lang].internal;
  if (lang === 'en' && error.message) return error.message;
  const known = error.message ? translateKnownText(error.message, lang) : undefined;
  if (known) return known;
  return errorMessages[lang][error.code].replace('{provider}', providerIn(error.message));
}

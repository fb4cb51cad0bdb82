import { z } from 'zod';
import type { Lang } from './languages';

/**
 * Field messages of the spec (1 §5), in en and fi. Schemas carry a message *key* (`v:<key>` with
 * optional `|name=value` params) so one schema serves the server (which answers in English)
 * and the web form (which shows the user's language): `translateMessage` turns it into text.
 */
export const validationMessages = {
  en: {
    required: 'This field is required',
    email: 'Invalid email address',
    emailAccount: 'Invalid email address, please fix your email address',
    uuid: 'Invalid uuid',
    minLength: 'At least {n} characters required',
    maxLength: 'Too much text. {n} characters max.',
    reminderDays: 'Between 1 and 365 days',
    reminderMax: 'Between 1 and {n} reminders',
    url: 'Invalid URL. Url must be in format {host}',
    phone: 'Invalid format for mobile phone. Use + and the digits, e.g. +358401234567',
    password: 'Too weak password',
    match: 'Current value does not match {label}',
    terms: 'Please accept the terms of service and the privacy policy',
    choice: 'Please choose one of the options',
    characters: 'Contains characters that cannot be saved',
  },
  fi: {
    required: 'Tämä kenttä on pakollinen',
    email: 'Virheellinen sähköpostiosoite',
    emailAccount: 'Virheellinen sähköpostiosoite, korjaa sähköpostiosoitteesi',
    uuid: 'Virheellinen tunniste',
    minLength: 'Vähintään {n} merkkiä vaaditaan',
    maxLength: 'Liian pitkä teksti. Enintään {n} merkkiä.',
    reminderDays: '1–365 päivää',
    reminderMax: '1–{n} muistutusta',
    url: 'Virheellinen URL-osoite. Osoitteen muoto on {host}',
    phone: 'Virheellinen matkapuhelinnumero. Käytä +-merkkiä ja numeroita, esim. +358401234567',
    password: 'Liian heikko salasana',
    match: 'Arvo ei vastaa kenttää {label}',
    terms: 'Hyväksy käyttöehdot ja tietosuojaseloste',
    choice: 'Valitse yksi vaihtoehdoista',
    characters: 'Sisältää merkkejä, joita ei voi tallentaa',
  },
} as const;

export type ValidationKey = keyof (typeof validationMessages)['en'];
// In a module of their own, free of zod, so the sign-in page's first script can name them.
export { type Lang, languages } from './languages';

/** A message key with its parameters, e.g. `v:minLength|n=6`. */
export function messageKey(
  key: ValidationKey,
  params: Record<string, string | number> = {},
): string {
  const rest = Object.entries(params)
    .map(([name, value]) => `|${name}=${value}`)
    .join('');
  return `v:${key}${rest}`;
}

/** The text of a message key in a language; any other message is returned as it is. */
export function translateMessage(message: string, lang: Lang = 'en'): string {
  if (!message.startsWith('v:')) return message;
  const [key, ...params] = message.slice(2).split('|');
  const template = validationMessages[lang][key as ValidationKey];
  if (!template) return message;
  return params.reduce((text, param) => {
    const at = param.indexOf('=');
    return text.replaceAll(`{${param.slice(0, at)}}`, param.slice(at + 1));
  }, template as string);
}

// A high surrogate not followed by a low one, or a low one without a high one before it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether PostgreSQL can store the text: it refuses NUL in `text` and `jsonb`, and lone UTF-16
 * surrogates in `jsonb` (in `text` they would silently become U+FFFD). No keyboard types either.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The start of every free-text field: a string that refuses what cannot be stored ('Contains
 * characters that cannot be saved') so it is a 400 naming the field, never a database error.
 */
export function plainText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, messageKey('characters'));
}

/** Short text: required, trimmed, at most `max` (250) characters. */
export function requiredText(max = 250) {
  return plainText({ message: messageKey('required') })
    .trim()
    .min(1, messageKey('required'))
    .max(max, messageKey('maxLength', { n: max }));
}

/** Optional short text: trimmed, may be empty, at most `max` characters. */
export function optionalText(max = 250) {
  return plainText()
    .trim()
    .max(max, messageKey('maxLength', { n: max }));
}

/** An e-mail address, trimmed and lower-cased. */
export function emailField(key: 'email' | 'emailAccount' = 'email') {
  return z
    .string({ message: messageKey('required') })
    .trim()
    .min(1, messageKey('required'))
    .max(250, messageKey('maxLength', { n: 250 }))
    .pipe(z.email(messageKey(key)))
    .transform((value) => value.toLowerCase());
}

/** A mobile number: + and digits (spaces allowed and removed); empty or the bare prefix means none. */
export function phoneField() {
  return z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => value === '' || /^\+\d{1,20}$/.test(value), messageKey('phone'));
}

/** The spec's password rule: at least 6 characters ('Too weak password'), at most 100. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 100;
export function passwordField() {
  return z
    .string({ message: messageKey('required') })
    .min(PASSWORD_MIN, messageKey('password'))
    .max(PASSWORD_MAX, messageKey('maxLength', { n: PASSWORD_MAX }));
}

/** Names are stored title-cased: 'mARY-ann o'neil' becomes "Mary-Ann O'Neil". */
export function titleCase(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(
      /(^|[\s\-'])(\p{L})/gu,
      (_match, separator: string, letter: string) => separator + letter.toUpperCase(),
    );
}

/** The phone as stored: only when longer than 5 characters (a bare '+358' is no phone). */
export function storedPhone(phone: string | undefined): string | null {
  return phone && phone.length > 5 ? phone : null;
}

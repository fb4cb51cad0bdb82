import { alertInputSchema, alertMessages } from '@pactum/core/alerts';
import { formatMessage } from '@pactum/core/drafts';
import { earliestAlertDate } from '@pactum/core/schedule';
import { type Lang, translateMessage } from '@pactum/core/validation';

/*
 * The alert drawer's rules and texts (spec 1 §5 'Alert', §8): the shared schema of
 * `@pactum/core/alerts` with its English texts, shown in the user's language.
 */

type AlertMessageKey = keyof (typeof alertMessages)['en'];

/** The English texts of the shared schema, by their key. */
const englishKeys = new Map<string, AlertMessageKey>(
  Object.entries(alertMessages.en).map(([key, text]) => [text, key as AlertMessageKey]),
);
const invalidPrefix = alertMessages.en.emailInvalid.split('%s')[0] ?? '';

/**
 * A field's message in the user's language: an alert text of the shared schema (or of the
 * server's answer, which checks the same schema), a shared validation key, or the text as is.
 */
export function alertFieldText(message: string, lang: Lang): string {
  const key = englishKeys.get(message);
  if (key) return alertMessages[lang][key];
  if (invalidPrefix && message.startsWith(invalidPrefix)) {
    return formatMessage(alertMessages[lang].emailInvalid, message.slice(invalidPrefix.length));
  }
  return translateMessage(message, lang);
}

/** 'Are you sure you would like to remove alert %s?' */
export const removeAlertText = (subject: string, lang: Lang) =>
  formatMessage(alertMessages[lang].remove, subject);

/** 'failed to load alerts: {message}' */
export const alertsLoadFailedText = (message: string, lang: Lang) =>
  formatMessage(alertMessages[lang].loadFailed, message);

/** The browser's timezone, in which 'tomorrow' is counted on the form. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The earliest date an alert may have on the form: tomorrow in the browser's zone. */
export const earliestFormDate = (now = new Date(), timeZone = browserTimeZone()) =>
  earliestAlertDate(now, timeZone);

/**
 * The form's schema: the shared one, and the date at least tomorrow as the browser counts it
 * (the server checks it again in the creator's timezone with its own clock).
 */
export function alertFormSchema(now: () => Date = () => new Date(), timeZone?: string) {
  return alertInputSchema.superRefine((values, context) => {
    if (values.date < earliestFormDate(now(), timeZone)) {
      context.addIssue({ code: 'custom', path: ['date'], message: alertMessages.en.dateTooEarly });
    }
  });
}

/**
 * Whether the server would refuse the alert because it e-mails someone else while the author's
 * own address is not verified yet (`alert_needs_verified_email`, the server's rule). The form
 * says so without sending it: an expected refusal, not a request the browser logs as failed.
 */
export function needsVerifiedEmail(
  author: { email: string; emailVerified: boolean },
  emails: readonly string[],
): boolean {
  const own = author.email.toLowerCase();
  return !author.emailVerified && emails.some((email) => email.toLowerCase() !== own);
}

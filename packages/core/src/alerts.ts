import { z } from 'zod';
import { isIsoDate } from './schedule';
import { emailField, messageKey, optionalText, plainText, requiredText } from './validation';

/*
 * Document alerts (spec 1 §3 document alert, §4, §5 'Alert', §9): reminders on an archived file
 * that, on their date at 08:00 in the creator's timezone, e-mail each address given and notify
 * the users among them. The rules both the server and the alert drawer apply.
 */

/** Most addresses one alert may have. */
export const ALERT_MAX_EMAILS = 50;
/** Most e-mail suggestions offered (spec 1 §9: suggested e-mails limited to 100). */
export const ALERT_SUGGESTIONS_LIMIT = 100;
/** Longest subject and message. */
export const ALERT_SUBJECT_MAX = 250;
export const ALERT_MESSAGE_MAX = 2000;
/** The alert drawer's width in pixels (spec 1 §9). */
export const ALERT_DRAWER_WIDTH = 500;
/** After opening a file, its alert count is checked again at these delays (spec 1 §9). */
export const ALERT_COUNT_CHECKS_MS = [5_000, 10_000] as const;
/** The query that opens the alert drawer on the archive page (spec 1 §2). */
export const ALERT_DRAWER_PARAM = 'showAlertDrawer';

/** What a workspace administrator did to someone else's alert, as its record names it. */
export const alertAdministratorActions = ['changed', 'removed'] as const;
export type AlertAdministratorAction = (typeof alertAdministratorActions)[number];

/** The spec's texts of alerts (spec 1 §5, §8) and ours where it has none. */
export const alertMessages = {
  en: {
    dateTooEarly: 'Choose a date from tomorrow onwards.',
    dateInvalid: 'Invalid date',
    emailsRequired: 'Add at least one e-mail address.',
    emailsTooMany: `At most ${ALERT_MAX_EMAILS} e-mail addresses.`,
    emailInvalid: 'Invalid email address: %s',
    remove: 'Are you sure you would like to remove alert %s?',
    loadFailed: 'failed to load alerts: %s',
  },
  fi: {
    dateTooEarly: 'Valitse päivä huomisesta alkaen.',
    dateInvalid: 'Virheellinen päivämäärä',
    emailsRequired: 'Lisää vähintään yksi sähköpostiosoite.',
    emailsTooMany: `Enintään ${ALERT_MAX_EMAILS} sähköpostiosoitetta.`,
    emailInvalid: 'Virheellinen sähköpostiosoite: %s',
    remove: 'Haluatko varmasti poistaa muistutuksen %s?',
    loadFailed: 'muistutusten lataus epäonnistui: %s',
  },
} as const;

const singleEmail = emailField();

/** Which of the typed addresses are not valid e-mail addresses (shown as red chips). */
export function invalidAlertEmails(emails: readonly string[]): string[] {
  return emails.filter((email) => !singleEmail.safeParse(email).success);
}

/**
 * A new or changed alert. The date is checked here for its form; that it is at least tomorrow
 * in the creator's timezone the server checks with its clock (`earliestAlertDate`), as the web
 * form does with the browser's.
 */
export const alertInputSchema = z.object({
  date: plainText({ message: messageKey('required') })
    .trim()
    .min(1, messageKey('required'))
    .refine(isIsoDate, alertMessages.en.dateInvalid),
  subject: requiredText(ALERT_SUBJECT_MAX),
  message: optionalText(ALERT_MESSAGE_MAX).default(''),
  emails: z
    .array(
      plainText()
        .trim()
        .max(250, messageKey('maxLength', { n: 250 })),
      {
        message: alertMessages.en.emailsRequired,
      },
    )
    .min(1, alertMessages.en.emailsRequired)
    .max(ALERT_MAX_EMAILS, alertMessages.en.emailsTooMany)
    .superRefine((emails, context) => {
      const invalid = invalidAlertEmails(emails);
      if (invalid.length > 0) {
        context.addIssue({
          code: 'custom',
          message: alertMessages.en.emailInvalid.replace('%s', invalid.join(', ')),
        });
      }
    })
    // Kept lower-cased and each once, in the order typed.
    .transform((emails) => [...new Set(emails.map((email) => email.toLowerCase()))]),
});
export type AlertInput = z.input<typeof alertInputSchema>;
export type AlertValues = z.output<typeof alertInputSchema>;

import { ALERT_MAX_EMAILS, alertMessages } from '@pactum/core/alerts';
import { messageKey } from '@pactum/core/validation';
import { describe, expect, it } from 'vitest';
import {
  alertFieldText,
  alertFormSchema,
  alertsLoadFailedText,
  needsVerifiedEmail,
  removeAlertText,
} from './alert-text';

const now = () => new Date('2026-03-10T12:00:00Z');
const schema = alertFormSchema(now, 'Europe/Helsinki');
const valid = {
  date: '2026-03-11',
  subject: 'Renew the lease',
  message: '',
  emails: ['Mary@Example.com', 'bob@example.org'],
};

/** Each field's first message. */
function issues(input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    byField[field] ??= issue.message;
  }
  return byField;
}

describe('the alert form', () => {
  it('takes a date from tomorrow on, a subject and addresses, kept lower-cased once', () => {
    const parsed = schema.parse({ ...valid, emails: [...valid.emails, 'mary@example.com'] });
    expect(parsed.emails).toEqual(['mary@example.com', 'bob@example.org']);
    expect(parsed.message).toBe('');
  });

  it('refuses today, a missing subject, no addresses and an invalid one', () => {
    expect(issues({ ...valid, date: '2026-03-10' }).date).toBe(alertMessages.en.dateTooEarly);
    expect(issues({ ...valid, date: '' }).date).toBe(messageKey('required'));
    expect(issues({ ...valid, subject: '  ' }).subject).toBe(messageKey('required'));
    expect(issues({ ...valid, emails: [] }).emails).toBe(alertMessages.en.emailsRequired);
    expect(issues({ ...valid, emails: ['mary@example.com', 'nope'] }).emails).toBe(
      'Invalid email address: nope',
    );
    const many = Array.from({ length: ALERT_MAX_EMAILS + 1 }, (_, i) => `p${i}@example.com`);
    expect(issues({ ...valid, emails: many }).emails).toBe(alertMessages.en.emailsTooMany);
  });

  it('shows the messages in the user’s language', () => {
    expect(alertFieldText(alertMessages.en.dateTooEarly, 'fi')).toBe(alertMessages.fi.dateTooEarly);
    expect(alertFieldText('Invalid email address: nope, x@', 'fi')).toBe(
      'Virheellinen sähköpostiosoite: nope, x@',
    );
    expect(alertFieldText(messageKey('required'), 'fi')).toBe('Tämä kenttä on pakollinen');
    expect(alertFieldText('Something else', 'fi')).toBe('Something else');
    expect(removeAlertText('Renew', 'en')).toBe(
      'Are you sure you would like to remove alert Renew?',
    );
    expect(alertsLoadFailedText('Server down', 'en')).toBe('failed to load alerts: Server down');
  });
});

describe('needsVerifiedEmail', () => {
  const author = { email: 'anna@example.com', emailVerified: false };

  it('asks an author whose address is not verified to verify it before mailing others', () => {
    expect(needsVerifiedEmail(author, ['anna@example.com', 'bob@example.org'])).toBe(true);
  });

  it('lets them alert themselves, and a verified author anyone', () => {
    expect(needsVerifiedEmail(author, ['Anna@Example.com'])).toBe(false);
    expect(needsVerifiedEmail({ ...author, emailVerified: true }, ['bob@example.org'])).toBe(false);
  });
});

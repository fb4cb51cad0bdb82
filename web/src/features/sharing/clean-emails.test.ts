import { describe, expect, it } from 'vitest';
import { cleanEmails } from './clean-emails';

describe('cleanEmails', () => {
  it('trims separators, lower-cases, drops repeats and tells invalid addresses apart', () => {
    expect(
      cleanEmails(['Bob@Example.com,', ' bob@example.com;', 'not-an-email', '  ', 'a@b.fi']),
    ).toEqual({
      valid: ['bob@example.com', 'a@b.fi'],
      invalid: ['not-an-email'],
    });
  });
});

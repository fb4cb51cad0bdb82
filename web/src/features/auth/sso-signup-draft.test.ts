import { describe, expect, it } from 'vitest';
import { parseSsoSignupDraft } from './sso-signup-draft';

describe('parseSsoSignupDraft', () => {
  it('reads a kept draft', () => {
    expect(
      parseSsoSignupDraft('{"firstname":"Mary","lastname":"Smith","phone":"+358401234567"}'),
    ).toEqual({ firstname: 'Mary', lastname: 'Smith', phone: '+358401234567' });
  });

  it('fills missing or odd fields with empty text', () => {
    expect(parseSsoSignupDraft('{"firstname":"Mary","phone":5}')).toEqual({
      firstname: 'Mary',
      lastname: '',
      phone: '',
    });
  });

  it('ignores what is not a draft', () => {
    expect(parseSsoSignupDraft(null)).toBeUndefined();
    expect(parseSsoSignupDraft('not json')).toBeUndefined();
    expect(parseSsoSignupDraft('"text"')).toBeUndefined();
    expect(parseSsoSignupDraft('null')).toBeUndefined();
  });
});
